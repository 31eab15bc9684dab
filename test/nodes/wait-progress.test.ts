/**
 * While a node waits, n8n shows only "Executing node…": each task's (or asset review's) state
 * change and each new failure of its checks goes to n8n's log (info, warn) and, in a manual run,
 * to the editor's console (n8n's push), with the id, the item and the time into the wait.
 */
import type { RunningEmulator } from '../emulator';
import { makeImage } from '../emulator/media';
import { control, reset, startFast, submit, upload, waitFor } from '../emulator/test-helpers';
import { uiMessages } from '../harness/additional-data';
import { harnessLog } from '../harness/environment';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';
import { compatNode, newAsset, newGroup } from './compat-helpers';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(async () => await emu.close());

const waitForTask = (timeoutMinutes: number) =>
	packageNode('Wait For Task', 'waitForTask', {
		operation: 'wait',
		waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.25, timeoutMinutes },
	});

const t2v = { model: 'sd2-mini', inputs: { prompt: 'a kite', duration: '4s' } };

/** n8n's log lines (JSON, as N8N_LOG_OUTPUT=file writes them) whose message names `taskId`. */
const logOf = (taskId: string, noun = 'task') =>
	harnessLog()
		.split('\n')
		.filter((line) => line.includes(`${noun} ${taskId} (item`))
		.map((line) => JSON.parse(line) as { level: string; message: string; metadata: object });

test('each state a task goes through is logged once, with its id, item and seconds into the wait', async () => {
	const { taskId } = await submit(emu, t2v);
	const run = await runSteps(emu, [waitForTask(1)], { items: [{ taskId }] });
	expect(run.json('Wait For Task')[0].status).toBe('COMPLETED');
	const lines = await waitFor(async () => {
		const found = logOf(taskId);
		return found.some((line) => line.message.includes('is COMPLETED')) ? found : undefined;
	}, 'the COMPLETED line');
	const states = lines.map((line) => /is (\w+),/.exec(line.message)?.[1]);
	expect(states[states.length - 1]).toBe('COMPLETED');
	expect(new Set(states).size).toBe(states.length);
	expect(lines[0]).toMatchObject({
		level: 'info',
		message: expect.stringMatching(
			new RegExp(
				`^Wait For Task: task ${taskId} \\(item 0\\) is \\w+, \\d+ s into the wait \\(execution \\S+\\)$`,
			),
		),
		metadata: expect.objectContaining({ taskId, itemIndex: 0, elapsedS: expect.any(Number) }),
	});
	// a manual run's lines reach the editor's console too
	const sent = uiMessages.map(({ data }) => JSON.stringify(data));
	expect(sent.filter((data) => data.includes(`task ${taskId} (item 0)`))).toHaveLength(
		states.length,
	);
	expect(uiMessages[0]).toMatchObject({
		type: 'sendConsoleMessage',
		data: { source: '[Node: "Wait For Task"]' },
	});
});

test('checks that fail are logged as a warning with the reason, once per new reason', async () => {
	const { taskId } = await submit(emu, t2v);
	await control(emu, '/faults', {
		path: '/api/v1/jobs/queryTask',
		status: 401,
		count: 1000,
	});
	try {
		await runSteps(emu, [waitForTask(0.05)], { items: [{ taskId }] });
	} finally {
		await reset(emu);
	}
	const lines = await waitFor(async () => {
		const found = logOf(taskId);
		return found.length > 0 ? found : undefined;
	}, 'a warning');
	expect(lines).toHaveLength(1);
	expect(lines[0].level).toBe('warn');
	expect(lines[0].message).toMatch(new RegExp(`task ${taskId} \\(item 0\\) checks fail: .*401`));
});

const FAST_REVIEW = {
	waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.25, timeoutMinutes: 1 },
};

/** The states an asset's review went through, as the log lines name them, once its last is in. */
async function reviewStates(assetId: string, last: string): Promise<string[]> {
	const lines = await waitFor(async () => {
		const found = logOf(assetId, 'asset');
		return found.some((line) => line.message.includes(`is ${last},`)) ? found : undefined;
	}, `the ${last} line`);
	expect(lines[0].metadata).toMatchObject({ assetId, itemIndex: 0, elapsedS: expect.any(Number) });
	return lines.map((line) => /is (\w+),/.exec(line.message)?.[1] ?? '');
}

test("an asset review's states are logged too: Upload Asset's Wait for Review", async () => {
	const { assetId } = (await upload(emu, makeImage('png', 640, 480), 'a.png', { name: 'p' })).body;
	const step = packageNode('Upload Asset', 'uploadAsset', {
		operation: 'waitForReview',
		...FAST_REVIEW,
	});
	await runSteps(emu, [step], { items: [{ assetId }] });
	const states = await reviewStates(String(assetId), 'ACTIVE');
	expect(states[states.length - 1]).toBe('ACTIVE');
	expect(new Set(states).size).toBe(states.length);
});

test("an asset review's states are logged too: Compat Task's Asset > Wait for Review", async () => {
	const group = await newGroup(emu, 'g');
	const asset = await newAsset(emu, group.officialId, 'good');
	const step = compatNode('Asset', {
		resource: 'asset',
		operation: 'waitForReview',
		...FAST_REVIEW,
	});
	await runSteps(emu, [step], { items: [asset] });
	const states = await reviewStates(asset.officialId, 'Active');
	expect(states[states.length - 1]).toBe('Active');
});
