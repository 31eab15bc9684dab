import { cancelSignal, isCancelled, pause } from './abort';
import { mapWithLimit } from './concurrency';

/**
 * Waits on many tasks at once: every round queries all unfinished tasks (bounded concurrency),
 * then sleeps once for the whole batch. One deadline bounds everything, retries included; a
 * stopped execution stops at once. Nothing here throws: every task ends with an outcome.
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

/** The shortest wait between two rounds, whatever a workflow sets (an import could say 0). */
export const MIN_INTERVAL_MS = 200;

export type Phase = 'running' | 'succeeded' | 'failed';

export type PollOutcome = 'succeeded' | 'failed' | 'timedOut' | 'error' | 'cancelled';

export interface PollResult<S> {
	outcome: PollOutcome;
	/** The last answer the service gave for this task (undefined if it never answered). */
	last?: S;
	/** The last failed check: why polling stopped (outcome error) or why a timeout saw no status. */
	error?: Error;
}

export interface Poller<S> {
	query: (id: string, index: number, deadline: number) => Promise<S>;
	/** Maps an answer to the three phases that matter: the terminal states are a fixed set. */
	phase: (state: S) => Phase;
	/** True when an error means asking again cannot help (a 4xx, an answer that is not a task). */
	isPermanent: (error: Error) => boolean;
}

interface Seen<S> {
	state?: S;
	error?: Error;
}

/** `ctx` is any n8n context; only its cancel signal is read. */
export async function pollAll<S>(
	ctx: object,
	ids: readonly string[],
	poller: Poller<S>,
	options: PollOptions = DEFAULT_POLL,
	deadline = Date.now() + options.timeoutMs,
): Promise<Array<PollResult<S>>> {
	const results: Array<PollResult<S> | undefined> = ids.map(() => undefined);
	const seen: Array<Seen<S>> = ids.map(() => ({}));
	const over = () => isCancelled(ctx) || Date.now() >= deadline;
	let interval = Math.max(MIN_INTERVAL_MS, options.intervalMs);
	while (!over()) {
		const open = ids.map((_, index) => index).filter((index) => !results[index]);
		await mapWithLimit(open, options.concurrency, async (index) => {
			results[index] = await pollOnce(ids[index], index, poller, seen[index], deadline);
		}, over);
		if (results.every(Boolean)) break;
		await pause(ctx, interval, deadline);
		interval = Math.min(Math.max(MIN_INTERVAL_MS, options.maxIntervalMs), interval * options.backoff);
	}
	const unfinished: PollOutcome = cancelSignal(ctx)?.aborted ? 'cancelled' : 'timedOut';
	return results.map((result, index) => result ?? { outcome: unfinished, last: seen[index].state, error: seen[index].error });
}

async function pollOnce<S>(
	id: string,
	index: number,
	poller: Poller<S>,
	seen: Seen<S>,
	deadline: number,
): Promise<PollResult<S> | undefined> {
	try {
		seen.state = await poller.query(id, index, deadline);
		seen.error = undefined;
		const phase = poller.phase(seen.state);
		return phase === 'running' ? undefined : { outcome: phase, last: seen.state };
	} catch (error) {
		seen.error = error as Error;
		return poller.isPermanent(seen.error) ? { outcome: 'error', last: seen.state, error: seen.error } : undefined;
	}
}
