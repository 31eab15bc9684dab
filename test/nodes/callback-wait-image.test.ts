/**
 * Create Image with Wait for Completion = Until the Service Calls Back: resumed by the
 * emulator's callback with the node's own image fields (several images: callback-wait-batch.test.ts).
 */
import type { RunningEmulator } from '../emulator';
import { startFast, waitFor } from '../emulator/test-helpers';
import { resumeByTimeout, runUntilWaiting, serveResume } from '../harness/waiting';
import type { ResumeServer } from '../harness/waiting';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

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
