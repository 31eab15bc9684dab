/**
 * While a node waits, n8n shows only "Executing node…": each task's state change and each new
 * failure of its checks goes to n8n's log (info, warn) and, in a manual run, to the editor's
 * console (n8n's push), with the task id, the item and the time into the wait.
 */
import type { RunningEmulator } from '../emulator';
import { control, reset, startFast, submit, waitFor } from '../emulator/test-helpers';
import { uiMessages } from '../harness/additional-data';
import { harnessLog } from '../harness/environment';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

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
const logOf = (taskId: string) =>
	harnessLog()
		.split('\n')
		.filter((line) => line.includes(`task ${taskId} (item`))
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
