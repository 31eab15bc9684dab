import { mapWithLimit } from '../../../nodes/shared/concurrency';
import { pollAll } from '../../../nodes/shared/polling';
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
		const results = await mapWithLimit([1, 2, 3, 4], 1, async (value) => {
			if (value === 2) stop = true;
			return value;
		}, () => stop);
		expect(results).toEqual([1, 2, undefined, undefined]);
	});
});

describe('pollAll', () => {
	const options = { intervalMs: 5, maxIntervalMs: 20, backoff: 2, timeoutMs: 2000, concurrency: 2 };

	test('polls every open task each round until each reaches a terminal phase', async () => {
		const finishAfter: Record<string, number> = { a: 1, b: 3, c: 5 };
		const calls: Record<string, number> = { a: 0, b: 0, c: 0 };
		const results = await pollAll(['a', 'b', 'c'], {
			query: async (id) => {
				await tick();
				return ++calls[id] >= finishAfter[id] ? (id === 'b' ? 'FAILED' : 'DONE') : 'RUNNING';
			},
			phase: (state): Phase => (state === 'DONE' ? 'succeeded' : state === 'FAILED' ? 'failed' : 'running'),
			isPermanent: () => false,
		}, options);
		expect(results.map((result) => result.outcome)).toEqual(['succeeded', 'failed', 'succeeded']);
		expect(calls).toEqual({ a: 1, b: 3, c: 5 });
	});

	test('a task still running at the timeout is reported with its last state', async () => {
		const [result] = await pollAll(['slow'], {
			query: async () => 'RUNNING',
			phase: (): Phase => 'running',
			isPermanent: () => false,
		}, { ...options, timeoutMs: 50 });
		expect(result).toEqual({ outcome: 'timedOut', last: 'RUNNING', error: undefined });
	});

	test('a permanent error ends one task; a passing one is asked again', async () => {
		let flaky = 0;
		const results = await pollAll(['gone', 'flaky'], {
			query: async (id) => {
				if (id === 'gone') throw new Error('404');
				if (++flaky === 1) throw new Error('503');
				return 'DONE';
			},
			phase: (state): Phase => (state === 'DONE' ? 'succeeded' : 'running'),
			isPermanent: (error) => error.message === '404',
		}, options);
		expect(results[0]).toMatchObject({ outcome: 'error', error: new Error('404') });
		expect(results[1]).toMatchObject({ outcome: 'succeeded', last: 'DONE' });
	});
});
