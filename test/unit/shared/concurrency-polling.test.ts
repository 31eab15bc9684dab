import { mapWithLimit } from '../../../nodes/shared/execution/concurrency';
import { MIN_INTERVAL_MS, pollAll } from '../../../nodes/shared/polling';
import type { Phase } from '../../../nodes/shared/polling';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('mapWithLimit', () => {
	test('keeps at most `limit` calls in flight and the results in input order', async () => {
		let inFlight = 0;
		let most = 0;
		const results = await mapWithLimit([5, 1, 4, 2, 3, 6, 7], 3, async (value) => {
			most = Math.max(most, ++inFlight);
			await new Promise((resolve) => setTimeout(resolve, value));
			inFlight--;
			return value * 10;
		});
		expect(most).toBe(3);
		expect(results).toEqual([50, 10, 40, 20, 30, 60, 70]);
	});

	test('stops starting new calls once shouldStop says so', async () => {
		let stop = false;
		const results = await mapWithLimit(
			[1, 2, 3, 4],
			1,
			async (value) => {
				if (value === 2) stop = true;
				return value;
			},
			() => stop,
		);
		expect(results).toEqual([1, 2, undefined, undefined]);
	});
});

/** A context without a cancel signal, as a hook has; the engine's own is used in the node tests. */
const noCancel = {};

describe('pollAll', () => {
	const options = { intervalMs: 5, maxIntervalMs: 20, timeoutMs: 2000, concurrency: 2 };

	test('polls every open task until each reaches a terminal phase', async () => {
		const finishAfter: Record<string, number> = { a: 1, b: 3, c: 5 };
		const calls: Record<string, number> = { a: 0, b: 0, c: 0 };
		const results = await pollAll(
			noCancel,
			['a', 'b', 'c'],
			{
				query: async (id) => {
					await tick();
					return ++calls[id] >= finishAfter[id] ? (id === 'b' ? 'FAILED' : 'DONE') : 'RUNNING';
				},
				phase: (state): Phase =>
					state === 'DONE' ? 'succeeded' : state === 'FAILED' ? 'failed' : 'running',
				isPermanent: () => false,
			},
			options,
		);
		expect(results.map((result) => result.outcome)).toEqual(['succeeded', 'failed', 'succeeded']);
		expect(calls).toEqual({ a: 1, b: 3, c: 5 });
	});

	test('a task still running at the timeout is reported with its last state', async () => {
		const [result] = await pollAll(
			noCancel,
			['slow'],
			{
				query: async () => 'RUNNING',
				phase: (): Phase => 'running',
				isPermanent: () => false,
			},
			{ ...options, timeoutMs: 50 },
		);
		expect(result).toEqual({ outcome: 'timedOut', last: 'RUNNING', error: undefined });
	});

	test('a permanent error ends one task; a passing one is asked again', async () => {
		let flaky = 0;
		const results = await pollAll(
			noCancel,
			['gone', 'flaky'],
			{
				query: async (id) => {
					if (id === 'gone') throw new Error('404');
					if (++flaky === 1) throw new Error('503');
					return 'DONE';
				},
				phase: (state): Phase => (state === 'DONE' ? 'succeeded' : 'running'),
				isPermanent: (error) => error.message === '404',
			},
			options,
		);
		expect(results[0]).toMatchObject({ outcome: 'error', error: new Error('404') });
		expect(results[1]).toMatchObject({ outcome: 'succeeded', last: 'DONE' });
	});

	test('an interval of 0 (as a JSON import may set) is raised to the floor', async () => {
		let calls = 0;
		const started = Date.now();
		await pollAll(
			noCancel,
			['x'],
			{
				query: async () => ++calls,
				phase: (): Phase => 'running',
				isPermanent: () => false,
			},
			{ ...options, intervalMs: 0, maxIntervalMs: 0, timeoutMs: 1000 },
		);
		const rounds = Math.ceil((Date.now() - started) / MIN_INTERVAL_MS) + 1;
		expect(calls).toBeLessThanOrEqual(rounds);
	});

	test('stopping the execution ends the wait at once with outcome cancelled, and no query follows', async () => {
		const controller = new AbortController();
		const ctx = { getExecutionCancelSignal: () => controller.signal };
		let calls = 0;
		let afterStop = 0;
		setTimeout(() => controller.abort(), 300);
		const results = await pollAll(
			ctx,
			['a', 'b'],
			{
				query: async () => {
					calls++;
					if (controller.signal.aborted) afterStop++;
					return 'RUNNING';
				},
				phase: (): Phase => 'running',
				isPermanent: () => false,
			},
			{ ...options, intervalMs: 10_000, maxIntervalMs: 10_000, timeoutMs: 60_000 },
		);
		expect(results.map((result) => result.outcome)).toEqual(['cancelled', 'cancelled']);
		expect(calls).toBe(2);
		expect(afterStop).toBe(0);
	});

	test('a task whose every check failed times out with the last error, and the query is given the deadline', async () => {
		const deadlines: number[] = [];
		const [result] = await pollAll(
			noCancel,
			['down'],
			{
				query: async (_id, _index, deadline) => {
					deadlines.push(deadline);
					throw new Error('HTTP 503');
				},
				phase: (): Phase => 'running',
				isPermanent: () => false,
			},
			{ ...options, timeoutMs: 300 },
		);
		expect(result).toMatchObject({
			outcome: 'timedOut',
			last: undefined,
			error: new Error('HTTP 503'),
		});
		expect(new Set(deadlines).size).toBe(1);
	});

	test('an answer its phase cannot read affects only its own task', async () => {
		const results = await pollAll(
			noCancel,
			['broken', 'fine'],
			{
				query: async (id) => (id === 'broken' ? null : 'DONE'),
				phase: (state): Phase => {
					if (state === null) throw new Error('not a task');
					return 'succeeded';
				},
				isPermanent: (error) => error.message === 'not a task',
			},
			options,
		);
		expect(results[0]).toMatchObject({ outcome: 'error', error: new Error('not a task') });
		expect(results[1]).toMatchObject({ outcome: 'succeeded' });
	});
});

describe("pollAll on each task's own schedule", () => {
	const options = { intervalMs: 0, maxIntervalMs: 60_000, timeoutMs: 10_000, concurrency: 4 };

	test('before a duration is known only the scout and the last task are asked; the others once, after the scout completed', async () => {
		const calls: string[] = [];
		let scoutChecks = 0;
		const createdAt = Date.now();
		const results = await pollAll(
			noCancel,
			['scout', 'middle', 'last'],
			{
				query: async (id) => {
					calls.push(id);
					if (id === 'scout') return ++scoutChecks >= 3 ? 'DONE' : 'RUNNING';
					return id === 'middle' || calls.includes('middle') ? 'DONE' : 'RUNNING';
				},
				phase: (state): Phase => (state === 'DONE' ? 'succeeded' : 'running'),
				isPermanent: () => false,
				// Every task was created at the same moment and takes 100 ms, as the service reports it.
				times: (state) => ({
					createdAt,
					completedAt: state === 'DONE' ? createdAt + 100 : undefined,
				}),
			},
			options,
		);
		expect(results.map((result) => result.outcome)).toEqual([
			'succeeded',
			'succeeded',
			'succeeded',
		]);
		expect(calls.slice(0, 2)).toEqual(['scout', 'last']);
		expect(calls.filter((id) => id === 'middle')).toHaveLength(1);
		expect(calls.indexOf('middle')).toBeGreaterThan(calls.lastIndexOf('scout'));
	});

	test('a group learns only from its own tasks: each group sends its own scout', async () => {
		const calls: string[] = [];
		await pollAll(
			noCancel,
			['a1', 'a2', 'a3', 'b1', 'b2', 'b3'],
			{
				query: async (id) => (calls.push(id), 'DONE'),
				phase: (): Phase => 'succeeded',
				isPermanent: () => false,
				group: (index) => (index < 3 ? 'a' : 'b'),
			},
			options,
		);
		expect(calls.slice(0, 4).sort()).toEqual(['a1', 'a3', 'b1', 'b3']);
		expect(calls).toHaveLength(6);
	});
});
