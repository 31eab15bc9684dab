/**
 * Wait for Completion = Until the Service Calls Back for a batch: every task of the execution is
 * created with its resume URL, the execution waits in n8n's database (the task ids saved with it),
 * and it resumes once, when the last task's callback comes, with every item's final state.
 */
import type { RunningEmulator } from '../emulator';
import { logged, startFast, waitFor } from '../emulator/test-helpers';
import { resumeByTimeout, runUntilWaiting, serveResume } from '../harness/waiting';
import type { ResumeServer, WaitingExecution } from '../harness/waiting';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

const QUERY_TASK = '/api/v1/jobs/queryTask';
const CREATE_TASK = '/api/v1/jobs/createTask';
const PROMPTS = ['a red kite', 'a blue kite', 'a green kite', 'a white kite', 'a black kite'];

let emu: RunningEmulator;
let server: ResumeServer;

/** Create Video waiting by callback on each item's prompt. */
const createVideo = (parameters: Record<string, unknown> = {}) =>
	packageNode('Create Video', 'createVideo', {
		model: 'sd2-mini',
		generationMode: 'textToVideo',
		prompt: '={{ $json.prompt }}',
		duration: 4,
		waitForCompletion: 'callback',
		...parameters,
	});
const video = (parameters: Record<string, unknown> = {}) =>
	chainWorkflow([
		createVideo({ download: true, ...parameters }),
		{ name: 'After', type: 'n8n-nodes-base.noOp', parameters: {} },
	]);
const image = chainWorkflow([
	packageNode('Create Image', 'createImage', {
		model: 'gen-image-2.5-flare',
		prompt: 'a paper crane',
		waitForCompletion: 'callback',
		imagesPerItem: 2,
	}),
]);
const options = () => ({
	credentials: emulatorCredentials(emu),
	waitingBaseUrl: server.waitingBaseUrl,
	items: PROMPTS.map((prompt) => ({ prompt })),
});

beforeAll(async () => {
	// Uneven run times, so the callbacks come in another order than the creates.
	emu = await startFast({ taskDurationSpread: { p99Factor: 4, maxFactor: 8, seed: 7 } });
	server = await serveResume(video(), { credentials: emulatorCredentials(emu) });
});
afterAll(async () => {
	await server.close();
	await emu.close();
});

const idsOf = (waiting: WaitingExecution, node: string) =>
	waiting.result.json(node).map((item) => String(item.taskId));

async function readsOf(ids: string[]) {
	const all = await logged(emu, QUERY_TASK);
	return all.filter((entry) => ids.includes(String(entry.query?.taskId))).length;
}

test('a batch of 5 items waits as one execution and resumes once, with every task finished, its file and its item', async () => {
	const createsBefore = (await logged(emu, CREATE_TASK)).length;
	const waiting = await runUntilWaiting(video(), options());
	expect(waiting.result.status).toBe('waiting');
	const ids = idsOf(waiting, 'Create Video');
	expect(new Set(ids).size).toBe(5);
	server.register(waiting);
	const resumed = await waitFor(
		async () => server.calls.find((call) => call.resumed)?.resumed,
		'the resuming callback',
	);
	// Every task's callback is acknowledged (the service stops retrying), and only one resumes.
	await waitFor(async () => {
		const answered = server.calls.filter((call) => call.webhook?.status === 200);
		return answered.length >= 5 ? answered : undefined;
	}, 'every callback answered');
	expect(server.calls.filter((call) => call.resumed)).toHaveLength(1);
	const items = resumed.result.output('After');
	expect(items.map((item) => item.json.taskId)).toEqual(ids);
	expect(items.map((item) => item.pairedItem)).toEqual(PROMPTS.map((_, item) => ({ item })));
	for (const item of items) {
		expect(item.json).toMatchObject({ status: 'COMPLETED', outcome: 'succeeded' });
		expect(item.binary?.data?.mimeType).toBe('video/mp4');
	}
	expect((await logged(emu, CREATE_TASK)).length - createsBefore).toBe(5);
	// Each callback reads its own task, then the others only until one still runs or ended later
	// (test/unit/callback/batch.test.ts counts them exactly): below every callback reading all 5.
	expect(await readsOf(ids)).toBeLessThan(ids.length * ids.length);
	// n8n resolves a credential in a throwaway expression sandbox on every read in a webhook call
	// (about 80 ms of CPU each in n8n 2.40.7): the batch's callbacks asked n8n for it once in all.
	const asked = server.calls.map(
		(call) => call.webhook?.credentialReads.get('unifiedGenerationApi') ?? 0,
	);
	expect(asked.reduce((sum, reads) => sum + reads, 0)).toBe(1);
});

test('at the time limit every waiting item goes on with its task id and outcome timedOut, paired with its item', async () => {
	const waiting = await runUntilWaiting(video({ callbackTimeoutMinutes: 2 }), options());
	const created = waiting.result.json('Create Video');
	const resumed = await resumeByTimeout(video({ callbackTimeoutMinutes: 2 }), waiting, options());
	const items = resumed.result.output('After');
	expect(items.map((item) => item.json)).toEqual(
		created.map((json) => ({
			...json,
			outcome: 'timedOut',
			error:
				'No callback came within 2 minutes: the task may still be running; read it by its taskId with Wait For Task',
		})),
	);
	expect(items.map((item) => item.pairedItem)).toEqual(PROMPTS.map((_, item) => ({ item })));
});

test('two images per item: both tasks wait in the one execution and resume together', async () => {
	const imageServer = await serveResume(image, { credentials: emulatorCredentials(emu) });
	try {
		const waiting = await runUntilWaiting(image, {
			credentials: emulatorCredentials(emu),
			waitingBaseUrl: imageServer.waitingBaseUrl,
		});
		const ids = idsOf(waiting, 'Create Image');
		expect(ids).toHaveLength(2);
		imageServer.register(waiting);
		const resumed = await waitFor(
			async () => imageServer.calls.find((call) => call.resumed)?.resumed,
			'the resuming callback',
		);
		const items = resumed.result.json('Create Image');
		expect(items.map((item) => [item.taskId, item.variant, item.outcome])).toEqual([
			[ids[0], 1, 'succeeded'],
			[ids[1], 2, 'succeeded'],
		]);
		expect(items.every((item) => typeof item.imageUrl === 'string')).toBe(true);
	} finally {
		await imageServer.close();
	}
});

test("the recipe after a timeout: Wait For Task completes every item, its error the service's (null), not the callback's timeout", async () => {
	const json = chainWorkflow([
		createVideo({ callbackTimeoutMinutes: 1 }),
		packageNode('Wait For Task', 'waitForTask', { operation: 'wait' }),
	]);
	const waiting = await runUntilWaiting(json, options());
	const resumed = await resumeByTimeout(json, waiting, options());
	const done = resumed.result.json('Wait For Task');
	expect(done.map((item) => item.outcome)).toEqual(PROMPTS.map(() => 'succeeded'));
	for (const item of done) expect(item.error).toBeNull();
});
