import { sleep } from 'n8n-workflow';

import { mapWithLimit } from './concurrency';

/**
 * Waits on many tasks at once: every round queries all unfinished tasks (bounded concurrency),
 * then sleeps once for the whole batch. 100 tasks that each take T seconds finish in about T.
 */

export interface PollOptions {
	/** First wait between rounds; grows by `backoff` each round up to `maxIntervalMs`. */
	intervalMs: number;
	maxIntervalMs: number;
	backoff: number;
	/** Overall bound: tasks still running then are reported as timed out, not lost. */
	timeoutMs: number;
	/** Queries in flight at once. */
	concurrency: number;
}

export const DEFAULT_POLL: PollOptions = {
	intervalMs: 5_000,
	maxIntervalMs: 30_000,
	backoff: 1.5,
	timeoutMs: 30 * 60_000,
	concurrency: 8,
};

export type Phase = 'running' | 'succeeded' | 'failed';

export interface PollResult<S> {
	outcome: 'succeeded' | 'failed' | 'timedOut' | 'error';
	/** The last answer the service gave for this task (undefined if it never answered). */
	last?: S;
	/** Why polling stopped for this task without a final answer (a 403/404, say). */
	error?: Error;
}

export interface Poller<S> {
	query: (id: string, index: number) => Promise<S>;
	/** Maps an answer to the three phases that matter: the terminal states are a fixed set. */
	phase: (state: S) => Phase;
	/** True when an error means asking again cannot help (a 4xx); others are retried next round. */
	isPermanent: (error: Error) => boolean;
}

export async function pollAll<S>(
	ids: readonly string[],
	poller: Poller<S>,
	options: PollOptions = DEFAULT_POLL,
): Promise<Array<PollResult<S>>> {
	const results: Array<PollResult<S> | undefined> = ids.map(() => undefined);
	const lastSeen: Array<{ state?: S; error?: Error }> = ids.map(() => ({}));
	const deadline = Date.now() + options.timeoutMs;
	let interval = options.intervalMs;
	for (;;) {
		const open = ids.map((_, index) => index).filter((index) => !results[index]);
		await mapWithLimit(open, options.concurrency, async (index) => {
			results[index] = await pollOnce(ids[index], index, poller, lastSeen[index]);
		});
		const remaining = deadline - Date.now();
		if (results.every(Boolean) || remaining <= 0) break;
		await sleep(Math.min(interval, remaining));
		interval = Math.min(options.maxIntervalMs, interval * options.backoff);
	}
	return results.map(
		(result, index) =>
			result ?? { outcome: 'timedOut', last: lastSeen[index].state, error: lastSeen[index].error },
	);
}

async function pollOnce<S>(
	id: string,
	index: number,
	poller: Poller<S>,
	seen: { state?: S; error?: Error },
): Promise<PollResult<S> | undefined> {
	try {
		seen.state = await poller.query(id, index);
	} catch (error) {
		seen.error = error as Error;
		return poller.isPermanent(seen.error) ? { outcome: 'error', last: seen.state, error: seen.error } : undefined;
	}
	const phase = poller.phase(seen.state);
	return phase === 'running' ? undefined : { outcome: phase, last: seen.state };
}
