import type { RunningEmulator } from '../emulator';
import { logged, startFast, submit } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

/**
 * Wait For Task with its default options asks for each task near the moment it should be done,
 * learnt from the batch: what the emulator received proves it (counts of requests, not times).
 */

const TASK_MS = 5_000;
let emu: RunningEmulator;
beforeAll(async () => {
	// 5 s: the 20 creates are all answered long before the first task ends, even on a busy machine
	emu = await startFast({ taskDurationMs: TASK_MS });
});
afterAll(() => emu.close());

const queriesByTask = async () => {
	const counts = new Map<string, number>();
	for (const entry of await logged(emu, '/api/v1/jobs/queryTask'))
		counts.set(entry.query.taskId, (counts.get(entry.query.taskId) ?? 0) + 1);
	return counts;
};

describe("Wait For Task on each task's own schedule (default wait options)", () => {
	test('20 tasks created by Create Video: one scout is asked often, every other task about once', async () => {
		const prompts = Array.from({ length: 20 }, (_, index) => ({ prompt: `shot ${index}` }));
		const run = await runSteps(
			emu,
			[
				packageNode('Create Video', 'createVideo', {
					model: 'sd2-mini',
					generationMode: 'textToVideo',
					prompt: '={{ $json.prompt }}',
					duration: 4,
				}),
				packageNode('Wait For Task', 'waitForTask', { operation: 'wait' }),
			],
			{ items: prompts },
		);
		const done = run.json('Wait For Task');
		expect(done).toHaveLength(20);
		expect(done.every((task) => task.status === 'COMPLETED' && task.outcome === 'succeeded')).toBe(
			true,
		);
		const counts = await queriesByTask();
		const ids = done.map((task) => String(task.taskId));
		// The first task scouts: checked every 0.25 s or so until it completes (5 s).
		expect(counts.get(ids[0])).toBeGreaterThan(2);
		// The others wait for what the scout learnt: at most one check too early (creation order guessed wrong).
		const others = ids.slice(1).map((id) => counts.get(id) ?? 0);
		expect(Math.max(...others)).toBeLessThanOrEqual(2);
		expect(others.filter((n) => n === 1).length).toBeGreaterThanOrEqual(15);
	});

	test('tasks read later (already finished) are each asked once', async () => {
		const tasks = [];
		for (let index = 0; index < 6; index++)
			tasks.push(
				await submit(emu, {
					model: 'sd2-mini',
					inputs: { prompt: `late ${index}`, duration: '4s' },
				}),
			);
		await new Promise((resolve) => setTimeout(resolve, TASK_MS + 100));
		const before = await queriesByTask();
		const run = await runSteps(
			emu,
			[packageNode('Wait For Task', 'waitForTask', { operation: 'wait' })],
			{ items: tasks },
		);
		expect(run.json('Wait For Task')).toHaveLength(6);
		const after = await queriesByTask();
		expect(
			tasks.map((task) => (after.get(task.taskId) ?? 0) - (before.get(task.taskId) ?? 0)),
		).toEqual([1, 1, 1, 1, 1, 1]);
	});
});
