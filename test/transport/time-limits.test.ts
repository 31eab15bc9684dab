import { RETRY_AFTER_CAP_MS, retryAfterMs } from '../../nodes/shared/transport/limits';
import { runWorkflow } from '../harness';
import { createTask, credits, probeRun, send } from './run-probe';
import { scriptedServer } from './scripted-server';

/** Bounds are generous on purpose: the old behaviour took minutes or hours, not seconds. */
const SOON_MS = 8000;

describe('every request has a total time limit', () => {
	test('a body that drips one byte every 500 ms ends at timeoutMs (total, not idle, time)', async () => {
		const { run, seen, elapsedMs } = await send([{ drip: { everyMs: 500 } }], {
			...createTask,
			timeoutMs: '1500',
			report: '1',
		});
		expect(elapsedMs).toBeLessThan(SOON_MS);
		const [{ result, ...failure }] = run.json('Probe');
		expect(result).toBeUndefined();
		expect(failure.error).toContain('No complete answer within 1.5 s');
		expect(failure.outcomeUnknown).toBe(true);
		expect(seen).toHaveLength(1);
	});

	test('the connection of an attempt that ran out of time is closed, not left open', async () => {
		const server = await scriptedServer([{ drip: { everyMs: 200 } }]);
		try {
			await runWorkflow(...probeRun(server.url, { ...createTask, timeoutMs: '800', report: '1' }));
			await new Promise((resolve) => setTimeout(resolve, 300));
			expect(server.dripping()).toBe(0);
		} finally {
			await server.close();
		}
	});

	test('a server that never answers ends at timeoutMs', async () => {
		const { run, elapsedMs } = await send(['hang'], {
			...credits,
			attempts: '1',
			timeoutMs: '1000',
			report: '1',
		});
		expect(elapsedMs).toBeLessThan(SOON_MS);
		expect(run.json('Probe')[0].error).toBe('Could not reach the service');
		expect(run.json('Probe')[0].description).toContain('No complete answer within 1 s');
	});

	test('with a deadline, a dripping GET and its retries end by the deadline', async () => {
		const parameters = {
			...credits,
			attempts: '4',
			timeoutMs: '60000',
			deadlineInMs: '1500',
			report: '1',
		};
		const { run, elapsedMs } = await send([{ drip: { everyMs: 300 } }], parameters);
		expect(elapsedMs).toBeLessThan(SOON_MS);
		expect(run.json('Probe')[0].error).toBe('Could not reach the service');
	});

	test('no request starts after the deadline', async () => {
		const { run, seen } = await send([{ status: 200, body: {} }], {
			...createTask,
			deadlineInMs: '-1',
			report: '1',
		});
		expect(seen).toHaveLength(0);
		expect(run.json('Probe')[0].error).toContain('time limit');
		expect(run.json('Probe')[0].outcomeUnknown).toBe(false);
	});
});

describe('Retry-After', () => {
	test('a 429 asking for an hour gives up at once when the wait would pass the deadline', async () => {
		const reply = {
			status: 429,
			body: { message: 'slow down' },
			headers: { 'retry-after': '3600' },
		};
		const parameters = { ...credits, attempts: '4', deadlineInMs: '2000', report: '1' };
		const { run, seen, elapsedMs } = await send([reply, { status: 200, body: {} }], parameters);
		expect(elapsedMs).toBeLessThan(SOON_MS);
		expect(seen).toHaveLength(1);
		expect(run.json('Probe')[0].error).toContain('Too many requests');
	});

	test('a Retry-After given as an HTTP date is honoured', async () => {
		const at = new Date(Date.now() + 2000).toUTCString();
		const replies = [
			{ status: 503, headers: { 'retry-after': at } },
			{ status: 200, body: { credits: 1 } },
		];
		const { run, seen } = await send(replies, credits);
		expect(run.json('Probe')[0].result).toEqual({ credits: 1 });
		expect(seen[1].at - seen[0].at).toBeGreaterThan(400);
	});

	test.each([
		['3600', RETRY_AFTER_CAP_MS],
		['2', 2000],
		['0', 0],
		['soon', undefined],
		['-4', undefined],
		['', undefined],
	])('Retry-After %p waits %p ms at most', (value, expected) => {
		expect(retryAfterMs(value)).toBe(expected);
	});

	test('an HTTP date is read relative to now, capped, and never negative', () => {
		const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
		expect(retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', now)).toBe(5000);
		expect(retryAfterMs('Wed, 21 Oct 2015 09:28:00 GMT', now)).toBe(RETRY_AFTER_CAP_MS);
		expect(retryAfterMs('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
	});
});
