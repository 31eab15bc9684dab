/**
 * Create Image with Wait for Completion = Until the Service Calls Back: one image per execution,
 * resumed by the emulator's callback with the node's own image fields; several images refused.
 */
import type { RunningEmulator } from '../emulator';
import { logged, startFast, waitFor } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { resumeByTimeout, runUntilWaiting, serveResume } from '../harness/waiting';
import type { ResumeServer } from '../harness/waiting';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

const CREATE_TASK = '/api/v1/jobs/createTask';

let emu: RunningEmulator;
let server: ResumeServer;
const image = (parameters: Record<string, unknown> = {}) =>
	chainWorkflow([
		packageNode('Create Image', 'createImage', {
			model: 'gen-image-2.5-flare',
			prompt: 'a paper crane',
			waitForCompletion: 'callback',
			...parameters,
		}),
	]);
const json = image();
const options = () => ({
	credentials: emulatorCredentials(emu),
	waitingBaseUrl: server.waitingBaseUrl,
});

beforeAll(async () => {
	emu = await startFast();
	server = await serveResume(json, { credentials: emulatorCredentials(emu) });
});
afterAll(async () => {
	await server.close();
	await emu.close();
});

test("the callback resumes the execution with the image's url and the credits charged", async () => {
	const waiting = await runUntilWaiting(json, options());
	expect(waiting.result.status).toBe('waiting');
	server.register(waiting);
	const resumed = await waitFor(
		async () => server.calls.find((entry) => entry.resumed)?.resumed,
		'the resuming callback',
	);
	const [item] = resumed.result.json('Create Image');
	expect(item).toMatchObject({
		status: 'COMPLETED',
		outcome: 'succeeded',
		variant: 1,
		imageUrl: (item.output as Array<{ url: string }>)[0].url,
	});
	expect(item.creditsCharged).toBe(item.creditsUsed);
});

test('at the time limit the item is the created image task with its estimate as credits charged', async () => {
	const waiting = await runUntilWaiting(json, options());
	const [created] = waiting.result.json('Create Image');
	const [item] = (await resumeByTimeout(json, waiting, options())).result.json('Create Image');
	expect(item).toMatchObject({
		taskId: created.taskId,
		variant: 1,
		outcome: 'timedOut',
		creditsCharged: created.estimatedCredits,
	});
	expect(item.creditsCharged).toEqual(expect.any(Number));
});

test('several images per item are refused before anything is sent', async () => {
	const before = (await logged(emu, CREATE_TASK)).length;
	const run = await runWorkflow(image({ imagesPerItem: 2 }), options());
	expect(run.error?.message).toBe(
		'Until the Service Calls Back waits for one task, and this execution would create 2 tasks (1 input item)',
	);
	expect((await logged(emu, CREATE_TASK)).length).toBe(before);
});
