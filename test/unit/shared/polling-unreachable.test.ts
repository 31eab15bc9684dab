/**
 * A service that goes away during a wait (issue 34 §4.1): once no check got an answer for
 * `unreachableMs` (5 minutes by default, here 300 ms), the wait ends with every running task
 * reported, instead of polling it until the Timeout. A service that still answers now and then
 * is waited for as before.
 */
import { UNREACHABLE_MS, pollAll } from '../../../nodes/shared/polling';
import type { PollOptions, Poller } from '../../../nodes/shared/polling';
import { reasonOf } from './poll-reason';

const OPTIONS: PollOptions = {
	intervalMs: 10,
	maxIntervalMs: 20,
	timeoutMs: 60_000,
	concurrency: 2,
	unreachableMs: 300,
};

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5680'), {});

/** Answers `running` while `up()` says so, else fails as a stopped service does. */
const poller = (up: () => boolean): Poller<{ status: string }> => ({
	query: async () => {
		if (!up()) throw refused();
		return { status: 'PROCESSING' };
	},
	phase: () => 'running',
	isPermanent: () => false,
});

test('5 minutes by default', () => {
	expect(UNREACHABLE_MS).toBe(5 * 60_000);
});

test('a service that answers nothing: the wait ends after unreachableMs, long before its Timeout, every task with its last error', async () => {
	const started = Date.now();
	const results = await pollAll(
		{},
		['a', 'b'],
		poller(() => false),
		OPTIONS,
	);
	expect(Date.now() - started).toBeLessThan(OPTIONS.timeoutMs / 2);
	for (const result of results) {
		expect(result).toMatchObject({ outcome: 'timedOut', unreachableMs: 300 });
		expect(result.error?.message).toMatch(/ECONNREFUSED/);
	}
});

test('a service that went away after answering: the task is reported as created, to read later', async () => {
	let calls = 0;
	const [result] = await pollAll(
		{},
		['a'],
		poller(() => ++calls <= 2),
		OPTIONS,
	);
	expect(result.last).toEqual({ status: 'PROCESSING' });
	expect(await reasonOf(result, OPTIONS)).toMatch(
		/^The service answered no status check for 0 minutes; the last check failed: connect ECONNREFUSED.*The task was created and may still be running: read it later by its id with Wait For Task$/,
	);
});

test('a service that answers now and then is waited for until the Timeout, as before', async () => {
	// Checks 200 ms apart (MIN_INTERVAL_MS), one in three answered: 400 ms unanswered at most, well below the limit.
	let calls = 0;
	const options = { ...OPTIONS, timeoutMs: 2500, unreachableMs: 1000 };
	const [result] = await pollAll(
		{},
		['a'],
		poller(() => ++calls % 3 === 0),
		options,
	);
	expect(result.outcome).toBe('timedOut');
	expect(result.unreachableMs).toBeUndefined();
});
