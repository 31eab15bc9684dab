import { cancelSignal, isCancelled, pause } from '../execution/abort';
import { mapWithLimit } from '../execution/concurrency';
import { learn, planRound } from './schedule';
import type { ScheduleBounds } from './schedule';
import type { Watch } from './watch';

/**
 * Waits on many tasks at once, each checked on its own schedule (polling/schedule.ts): near the
 * moment it is expected to finish, learnt from the tasks of the batch that already did. Checks
 * run with bounded concurrency; one deadline bounds everything, retries included; a stopped
 * execution stops at once. Nothing here throws: every task ends with an outcome.
 */

export interface PollOptions {
	/** The shortest gap between two checks of one task. */
	intervalMs: number;
	/** The longest gap between two checks of one task. */
	maxIntervalMs: number;
	/** Overall bound: tasks still running then are reported as timed out, not lost. */
	timeoutMs: number;
	/** Queries in flight at once. */
	concurrency: number;
	/** The wait ends when no check got an answer for this long (default UNREACHABLE_MS). */
	unreachableMs?: number;
}

/**
 * A service that answers no check for this long has gone away (stopped, unreachable): the wait
 * ends, every task still running reported with its id, instead of polling it until the Timeout
 * (30 minutes by default) behind "Executing node…".
 */
export const UNREACHABLE_MS = 5 * 60_000;

/** Chosen by `npm run bench` (docs/benchmark.md). */
export const DEFAULT_POLL: PollOptions = {
	intervalMs: 250,
	maxIntervalMs: 30_000,
	timeoutMs: 30 * 60_000,
	concurrency: 8,
};

/** The shortest wait between two checks of a task, whatever a workflow sets (an import could say 0). */
export const MIN_INTERVAL_MS = 200;

/**
 * A task checked densely (its duration not yet known, or past its estimate) is checked again after
 * this share of the time it has run: the batch learns a duration at most 3% late. Not a node
 * option: the intervals above bound it.
 */
const OVERSHOOT_SHARE = 0.03;

/**
 * The same for a task that outlived the estimate (uneven run times): the batch's end waits on the
 * last of them, read at most 2% late (`npm run bench`, uneven rows).
 */
const TAIL_SHARE = 0.02;

/** The three phases that matter to a waiter; each kind maps its own statuses onto them. */
export type Phase = 'running' | 'succeeded' | 'failed';

export type PollOutcome = 'succeeded' | 'failed' | 'timedOut' | 'error' | 'cancelled';

export interface PollResult<S> {
	outcome: PollOutcome;
	/** The last answer the service gave for this task (undefined if it never answered). */
	last?: S;
	/** The last failed check: why polling stopped (outcome error) or why a timeout saw no status. */
	error?: Error;
	/** Set when the wait ended because no check got an answer for this many ms. */
	unreachableMs?: number;
}

/** The service's own timestamps of a task (epoch ms), where its answers carry them. */
export interface TaskTimes {
	createdAt?: number;
	completedAt?: number;
}

export interface Poller<S> {
	query: (id: string, index: number, deadline: number) => Promise<S>;
	/** Maps an answer to the three phases that matter: the terminal states are a fixed set. */
	phase: (state: S) => Phase;
	/** True when an error means asking again cannot help (a 4xx, an answer that is not a task). */
	isPermanent: (error: Error) => boolean;
	/** The task's timestamps; without them its creation is taken as the wait's start and its end as when it was seen. */
	times?: (state: S) => TaskTimes;
	/** Tasks of one group take about equally long; by default the whole batch is one group. */
	group?: (index: number) => string;
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
	const startedAt = Date.now();
	const results: Array<PollResult<S> | undefined> = ids.map(() => undefined);
	const seen: Array<Seen<S>> = ids.map(() => ({}));
	const watches: Watch[] = ids.map((_, index) => ({
		group: poller.group?.(index) ?? '',
		settled: false,
	}));
	const durations = new Map<string, number[]>();
	const bounds = boundsOf(options);
	// Unanswered since the first failed check after the last answer; given up at a failed check past the limit.
	const silence = options.unreachableMs ?? UNREACHABLE_MS;
	let failingSince: number | undefined;
	let unreachable = false;
	const over = () => isCancelled(ctx) || Date.now() >= deadline || unreachable;
	const check = async (index: number) => {
		const watch = watches[index];
		watch.lastCheck = Date.now();
		results[index] = await pollOnce(ids[index], index, poller, seen[index], deadline);
		if (!seen[index].error || results[index]) failingSince = undefined;
		else unreachable ||= Date.now() - (failingSince ??= watch.lastCheck) >= silence;
		const times = seen[index].state === undefined ? {} : (poller.times?.(seen[index].state) ?? {});
		watch.createdAt ??= times.createdAt;
		if (!results[index]) return;
		watch.settled = true;
		const origin = watch.createdAt ?? startedAt;
		if (results[index]!.outcome === 'succeeded')
			learn(durations, watch.group, (times.completedAt ?? Date.now()) - origin);
	};
	while (!over()) {
		const { due, wakeAt } = planRound(watches, durations, Date.now(), startedAt, bounds);
		if (due.length > 0) await mapWithLimit(due, options.concurrency, check, over);
		else if (wakeAt === Infinity) break;
		else await pause(ctx, wakeAt - Date.now(), deadline);
	}
	const unfinished: PollOutcome = cancelSignal(ctx)?.aborted ? 'cancelled' : 'timedOut';
	const gaveUp = unfinished === 'timedOut' && unreachable ? { unreachableMs: silence } : {};
	return results.map(
		(result, index) =>
			result ?? {
				outcome: unfinished,
				last: seen[index].state,
				error: seen[index].error,
				...gaveUp,
			},
	);
}

/** The options as the schedule's bounds: the floor holds whatever a workflow says. */
export function boundsOf(options: PollOptions): ScheduleBounds {
	const minIntervalMs = Math.max(MIN_INTERVAL_MS, options.intervalMs || 0);
	return {
		minIntervalMs,
		maxIntervalMs: Math.max(minIntervalMs, options.maxIntervalMs || 0),
		overshootShare: OVERSHOOT_SHARE,
		tailShare: TAIL_SHARE,
	};
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
		// A check the deadline cut short tells nothing new: what the service last said stands.
		if (!cutByDeadline(deadline) || !(seen.error || seen.state)) seen.error = error as Error;
		return seen.error && poller.isPermanent(seen.error)
			? { outcome: 'error', last: seen.state, error: seen.error }
			: undefined;
	}
}

/** Timers may fire a few ms before the wall clock reaches the deadline they were set for. */
const DEADLINE_SLACK_MS = 10;

const cutByDeadline = (deadline: number) => Date.now() >= deadline - DEADLINE_SLACK_MS;
