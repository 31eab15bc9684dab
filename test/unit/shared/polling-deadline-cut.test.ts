/**
 * A check that the wait's deadline cuts short says nothing about the service: the wait ends with
 * the last error the service really gave ("Too many requests"), not with the cut check's "Could
 * not reach the service" (seen in CI: a 429 with Retry-After on every check, on a busy machine).
 */
import { pollAll } from '../../../nodes/shared/polling';
import type { Poller } from '../../../nodes/shared/polling';

const OPTIONS = { intervalMs: 10, maxIntervalMs: 20, timeoutMs: 400, concurrency: 1 };

/** Answers the first check with `first`; later checks hang until the deadline, then fail as cut. */
const poller = (first: () => Promise<{ status: string }>): Poller<{ status: string }> => {
	let calls = 0;
	return {
		query: async (_id, _index, deadline) => {
			if (++calls === 1) return await first();
			await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
			throw new Error('Could not reach the service: No complete answer within 0.1 s');
		},
		phase: () => 'running',
		isPermanent: () => false,
	};
};

test('the last real failure stands when the deadline cuts the next check', async () => {
	const [result] = await pollAll(
		{},
		['a'],
		poller(async () => {
			throw new Error('Too many requests: slow down');
		}),
		OPTIONS,
	);
	expect(result.outcome).toBe('timedOut');
	expect(result.error?.message).toBe('Too many requests: slow down');
});

test('after an answer, a cut check adds no error: the task was still running', async () => {
	const [result] = await pollAll(
		{},
		['a'],
		poller(async () => ({ status: 'PROCESSING' })),
		OPTIONS,
	);
	expect(result).toMatchObject({ outcome: 'timedOut', last: { status: 'PROCESSING' } });
	expect(result.error).toBeUndefined();
});

test('a first check cut by the deadline is reported: nothing else was seen', async () => {
	const never: Poller<{ status: string }> = {
		query: async (_id, _index, deadline) => {
			await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
			throw new Error('Could not reach the service: No complete answer within 0.4 s');
		},
		phase: () => 'running',
		isPermanent: () => false,
	};
	const [result] = await pollAll({}, ['a'], never, OPTIONS);
	expect(result.error?.message).toMatch(/^Could not reach the service/);
});
