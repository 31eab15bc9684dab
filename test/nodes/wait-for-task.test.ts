import type { RunningEmulator } from '../emulator';
import { call, control, logged, startFast, submit } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const t2v = (prompt: string) => ({ model: 'sd2-mini', inputs: { prompt, duration: '4s' } });
const waitForTask = (parameters: Record<string, unknown> = {}, extra = {}) =>
	packageNode(
		'Wait For Task',
		'waitForTask',
		{ operation: 'wait', ...FAST_WAIT, ...parameters },
		extra,
	);

describe('Wait For Task', () => {
	test('a batch of 50 created by Create Video is waited on together', async () => {
		const prompts = Array.from({ length: 50 }, (_, index) => ({ prompt: `shot ${index}` }));
		const run = await runSteps(
			emu,
			[
				packageNode('Create Video', 'createVideo', {
					model: 'sd2-mini',
					generationMode: 'textToVideo',
					prompt: '={{ $json.prompt }}',
					duration: 4,
					batchOptions: { concurrency: 8 },
				}),
				waitForTask({ waitOptions: { ...FAST_WAIT.waitOptions, concurrency: 16 } }),
			],
			{ items: prompts },
		);
		expect(run.status).toBe('success');
		const done = run.output('Wait For Task');
		expect(done).toHaveLength(50);
		expect(done.map((item) => item.pairedItem)).toEqual(prompts.map((_, item) => ({ item })));
		expect(done.every((item) => item.json.status === 'COMPLETED')).toBe(true);
		expect(done.map((item) => item.json.taskId)).toEqual(
			run.json('Create Video').map((item) => item.taskId),
		);
		expect(new Set(done.map((item) => item.json.taskId)).size).toBe(50);
		expect(run.output('Wait For Task', 1)).toHaveLength(0);
	});

	test('an item Create Video skipped (made in an earlier run) passes to the second output, no error', async () => {
		const video = packageNode('Create Video', 'createVideo', {
			model: 'sd2-mini',
			generationMode: 'textToVideo',
			prompt: '={{ $json.prompt }}',
			duration: 4,
			batchOptions: { skipCreated: true },
		});
		const items = [{ prompt: 'one' }, { prompt: 'two' }];
		await runSteps(emu, [video], { items: [items[0]] });
		const run = await runSteps(emu, [video, waitForTask()], { items });
		expect(run.status).toBe('success');
		const [done] = run.output('Wait For Task', 0);
		const [skipped] = run.output('Wait For Task', 1);
		expect(done.pairedItem).toEqual({ item: 1 });
		expect(done.json).toMatchObject({ status: 'COMPLETED' });
		expect(skipped.pairedItem).toEqual({ item: 0 });
		expect(skipped.json).toMatchObject({ skipped: true, outcome: 'skipped' });
		expect(skipped.json.error).toBeUndefined();
	});

	test("failed tasks go to the second output with the spec's error message", async () => {
		const ok = await submit(emu, t2v('fine'));
		const bad = await submit(emu, t2v('please [fail]'));
		const run = await runSteps(emu, [waitForTask()], { items: [ok, bad] });
		const [completed] = run.json('Wait For Task', 0);
		const [failed] = run.json('Wait For Task', 1);
		expect(completed).toMatchObject({
			taskId: ok.taskId,
			status: 'COMPLETED',
			outcome: 'succeeded',
		});
		expect(failed).toMatchObject({
			taskId: bad.taskId,
			orderId: bad.orderId,
			status: 'FAILED',
			outcome: 'failed',
		});
		const truth = await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${bad.taskId}`);
		expect(failed.error).toBe(truth.body.error);
		expect(run.output('Wait For Task', 1)[0].pairedItem).toEqual({ item: 1 });
	});

	test('a timeout reports the task id and its last status', async () => {
		const slow = await startFast({ taskDurationMs: 60_000 });
		try {
			const task = await submit(slow, t2v('slow'));
			const run = await runSteps(
				slow,
				[waitForTask({ waitOptions: { pollIntervalSeconds: 0.2, timeoutMinutes: 0.01 } })],
				{ items: [task] },
			);
			expect(run.output('Wait For Task', 0)).toHaveLength(0);
			const [timedOut] = run.json('Wait For Task', 1);
			expect(timedOut).toMatchObject({ taskId: task.taskId, outcome: 'timedOut' });
			expect(['PENDING', 'PROCESSING']).toContain(timedOut.status);
			expect(timedOut.error).toContain('Still running after');
		} finally {
			await slow.close();
		}
	});

	test('a poll interval of 0 from an imported workflow is raised to the floor', async () => {
		const slow = await startFast({ taskDurationMs: 1_500 });
		try {
			const task = await submit(slow, t2v('floor'));
			const started = Date.now();
			const run = await runSteps(
				slow,
				[
					waitForTask({
						waitOptions: { pollIntervalSeconds: 0, maxPollIntervalSeconds: 0, timeoutMinutes: 1 },
					}),
				],
				{ items: [task] },
			);
			expect(run.json('Wait For Task')[0]).toMatchObject({ outcome: 'succeeded' });
			const checks = (await logged(slow, '/api/v1/jobs/queryTask')).length;
			expect(checks).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 200) + 1);
		} finally {
			await slow.close();
		}
	});

	test("a completed task whose download fails goes to the second output with its files' urls", async () => {
		const task = await submit(emu, t2v('download me'));
		await control(emu, '/faults', { path: '/files/*', status: 500, count: 1 });
		const run = await runSteps(emu, [waitForTask({ download: true })], { items: [task] });
		expect(run.output('Wait For Task', 0)).toHaveLength(0);
		const [item] = run.output('Wait For Task', 1);
		expect(item.json).toMatchObject({
			taskId: task.taskId,
			status: 'COMPLETED',
			outcome: 'downloadFailed',
		});
		expect(item.json.error).toMatch(/^The task completed, but downloading its result failed: /);
		expect((item.json.output as Array<{ url: string }>)[0].url).toEqual(expect.any(String));
		expect(item.binary).toBeUndefined();
	});

	test('an unknown task id is reported, not lost', async () => {
		const run = await runSteps(emu, [waitForTask()], { items: [{ taskId: 'no-such-task' }] });
		const [missing] = run.json('Wait For Task', 1);
		expect(missing).toMatchObject({ taskId: 'no-such-task', outcome: 'error' });
		expect(missing.error).toContain('Not found');
	});

	test('an empty task id fails the run, or becomes an error item with continueOnFail', async () => {
		const stopped = await runSteps(emu, [waitForTask()], { items: [{ other: 1 }] });
		expect(stopped.error?.message).toBe('Task ID is empty');
		const continued = await runSteps(emu, [waitForTask({}, { onError: 'continueRegularOutput' })], {
			items: [{ other: 1 }],
		});
		expect(continued.json('Wait For Task', 1)[0]).toMatchObject({
			other: 1,
			error: 'Task ID is empty',
		});
	});

	test("get reads one task; relations lists a draft's finals", async () => {
		const task = await submit(emu, t2v('read me'));
		const got = await runSteps(emu, [packageNode('Get', 'waitForTask', { operation: 'get' })], {
			items: [task],
		});
		const [read] = [...got.json('Get', 0), ...got.json('Get', 1)];
		expect(read).toMatchObject({ taskId: task.taskId, orderId: task.orderId, model: 'sd2-mini' });

		const draft = await submit(emu, {
			model: 'sd2.5',
			inputs: { prompt: 'draft', draft: true, duration: '4s' },
		});
		await runSteps(emu, [waitForTask()], { items: [draft] });
		const finals = [];
		for (let index = 0; index < 3; index++) {
			finals.push(
				await submit(emu, { model: 'sd2.5', inputs: { draftSourceOrderId: draft.orderId } }),
			);
		}
		const all = await runSteps(
			emu,
			[packageNode('Relations', 'waitForTask', { operation: 'relations' })],
			{ items: [draft] },
		);
		const [relation] = all.json('Relations');
		expect(relation).toMatchObject({
			kind: 'draft',
			orderId: draft.orderId,
			sourceDraft: null,
			totalCount: 3,
			nextCursor: null,
		});
		expect((relation.finals as Array<{ orderId: string }>).map((entry) => entry.orderId)).toEqual(
			finals.map((f) => f.orderId),
		);

		const two = await runSteps(
			emu,
			[
				packageNode('Relations', 'waitForTask', {
					operation: 'relations',
					returnAll: false,
					limit: 2,
				}),
			],
			{ items: [draft] },
		);
		const [page] = two.json('Relations');
		expect(page.finals).toHaveLength(2);
		expect(page.nextCursor).toEqual(expect.any(String));

		// Cursor (the spec's cursor): the next page starts after the two already read.
		const rest = await runSteps(
			emu,
			[
				packageNode('Relations', 'waitForTask', {
					operation: 'relations',
					cursor: '={{ $json.cursor }}',
				}),
			],
			{ items: [{ orderId: draft.orderId, cursor: page.nextCursor }] },
		);
		const [last] = rest.json('Relations');
		expect((last.finals as Array<{ orderId: string }>).map((entry) => entry.orderId)).toEqual([
			finals[2].orderId,
		]);
		expect(last.nextCursor).toBeNull();
	});

	test('a standalone upscale task is waited on through /upscale/query', async () => {
		const source = await submit(emu, t2v('to upscale'));
		const done = await runSteps(emu, [waitForTask()], { items: [source] });
		const [url] = (done.json('Wait For Task')[0].output as Array<{ url: string }>).map(
			(file) => file.url,
		);
		const upscale = await call(`${emu.unifiedBaseUrl}/upscale/create`, {
			json: { source: { type: 'url', url }, targetResolution: '4k' },
		});
		expect(upscale.status).toBe(200);
		const run = await runSteps(emu, [waitForTask({ taskType: 'upscale', download: true })], {
			items: [upscale.body],
		});
		const [item] = run.json('Wait For Task');
		expect(item).toMatchObject({
			taskId: upscale.body.taskId,
			status: 'completed',
			outcome: 'succeeded',
		});
		expect((await run.binary('Wait For Task')).mimeType).toBe('video/mp4');
	});
});
