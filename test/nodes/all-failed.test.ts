/**
 * A run in which every item failed is not a success (issue 34 §4.1): once tasks exist, the node
 * stops the workflow with one error that names every task (ids, what happened, what to do), so
 * the execution list shows an error and n8n's error workflow runs. Some items failing keeps the
 * items and a warning; Continue On Fail keeps the items; Retry On Fail re-runs send nothing.
 */
import type { RunningEmulator } from '../emulator';
import { control, logged, reset, startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast({ taskDurationMs: 60_000 })));
afterAll(() => emu.close());

const CREATE = '/api/v1/jobs/createTask';
const QUERY = '/api/v1/jobs/queryTask';
/** Polls every 0.2 s and gives up after about 1.2 s: the tasks take 60 s. */
const waiting = {
	waitForCompletion: 'wait',
	waitOptions: { pollIntervalSeconds: 0.2, timeoutMinutes: 0.02 },
};
const createVideo = (extra = {}) =>
	packageNode(
		'Create Video',
		'createVideo',
		{ model: 'sd2', generationMode: 'textToVideo', prompt: '={{ $json.prompt }}', ...waiting },
		extra,
	);
const prompts = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ prompt: `shot ${index + 1}` }));
const creates = async () => (await logged(emu, CREATE)).length;

beforeEach(() => reset(emu));

test('a service that stops answering during the wait: the execution fails, its error names every created task', async () => {
	await control(emu, '/faults', { path: QUERY, drop: true, count: 1000 });
	const run = await runSteps(emu, [createVideo()], { items: prompts(2) });
	expect(run.status).toBe('error');
	expect(run.error?.message).toBe('All 2 items failed');
	const lines = String(run.error?.description).split('\n');
	expect(lines).toHaveLength(3);
	const tasks = (await control(emu, '/tasks')).body as Array<{ taskId: string }>;
	const ids = tasks.map(({ taskId }) => taskId);
	expect(ids).toHaveLength(2);
	// One line per item, with its task id and its one next step; the last line says it once for all.
	ids.forEach((id, index) =>
		expect(lines[index]).toMatch(
			new RegExp(`^Item ${index + 1}: Task ${String(id)}: .*Wait For Task[^\n]*$`),
		),
	);
	expect(lines[2]).toMatch(/does not create these tasks again.*On Error → Continue/);
	expect(lines[2]).not.toContain('Wait For Task');
});

test('25 items, every one timed out: the error names all 25 task ids, with no cap (issue 40, row 7)', async () => {
	const run = await runSteps(emu, [createVideo({})], { items: prompts(25) });
	expect(run.status).toBe('error');
	expect(run.error?.message).toBe('All 25 items failed');
	const tasks = (await control(emu, '/tasks')).body as Array<{ taskId: string }>;
	expect(tasks).toHaveLength(25);
	for (const { taskId } of tasks) expect(run.error?.description).toContain(`Task ${taskId}: `);
});

test('under Retry On Fail the re-runs get the same error and send nothing', async () => {
	const run = await runSteps(
		emu,
		[createVideo({ retryOnFail: true, maxTries: 3, waitBetweenTries: 0 })],
		{ items: prompts(2) },
	);
	expect(run.status).toBe('error');
	expect(run.error?.message).toBe('All 2 items failed');
	expect(await creates()).toBe(2);
});

test('under Continue On Fail every item comes out, with its task id and taskCreated "yes"', async () => {
	const run = await runSteps(emu, [createVideo({ onError: 'continueRegularOutput' })], {
		items: prompts(2),
	});
	expect(run.status).toBe('success');
	expect(run.json('Create Video')).toEqual([
		expect.objectContaining({ taskId: expect.any(String), taskCreated: 'yes' }),
		expect.objectContaining({ taskId: expect.any(String), taskCreated: 'yes' }),
	]);
});

test('some items failing: every item comes out and the node warns, the run goes on', async () => {
	await control(emu, '/faults', {
		path: CREATE,
		bodyIncludes: 'shot 2',
		status: 400,
		body: { code: 'EMPTY_CONTENT', message: 'no' },
	});
	await control(emu, '/settings', { taskDurationMs: 100 });
	const run = await runSteps(emu, [createVideo()], { items: prompts(2) });
	expect(run.status).toBe('success');
	const [done, refused] = run.json('Create Video');
	expect(done).toMatchObject({ status: 'COMPLETED' });
	expect(refused).toMatchObject({ taskCreated: 'no' });
	expect(run.runData['Create Video'][0].hints?.[0]?.message).toMatch(/^1 of 2 items failed/);
});
