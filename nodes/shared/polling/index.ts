import { cancelSignal, isCancelled, pause } from '../execution/abort';
import { mapWithLimit } from '../execution/concurrency';
import { checkOnce } from './check';
import { DEFAULT_POLL } from './defaults';
import type { PollOptions } from './defaults';
import { learn, planRound } from './schedule';
import { Silence } from './silence';
import type { ScheduleBounds } from './schedule';
import type { Watch } from './watch';
import type { PollOutcome, Poller, PollResult, Seen } from './poller';

export type { Phase, PollOutcome, PollResult, Poller, Seen, TaskTimes } from './poller';
export { DEFAULT_POLL } from './defaults';
export type { PollOptions } from './defaults';

/**
 * Waits on many tasks at once, each checked on its own schedule (polling/schedule.ts): near the
 * moment it is expected to finish, learnt from the tasks of the batch that already did. Checks
 * run with bounded concurrency; one deadline bounds everything, retries included; a service
 * silent past its limit (silence.ts) ends the wait, the check in flight cut there; a stopped
 * execution stops at once. Nothing here throws: every task ends with an outcome.
 */

/**
 * A service that answers no check for this long has gone away (stopped, unreachable): the wait
 * ends, every task still running reported with its id, instead of polling it until the Timeout
 * (30 minutes by default) behind "Executing node…". Counted on a clock, so a check that hangs
 * is cut when it runs out, not minutes later when its retries end.
 */
export const UNREACHABLE_MS = 5 * 60_000;

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
	const silence = new Silence(options.unreachableMs ?? UNREACHABLE_MS);
	const over = () => isCancelled(ctx) || Date.now() >= deadline || silence.over();
	const check = async (index: number) => {
		const watch = watches[index];
		watch.lastCheck = Date.now();
		const limit = Math.min(deadline, silence.start(watch.lastCheck));
		const checked = await checkOnce({ id: ids[index], index }, poller, seen[index], {
			deadline,
			limit,
		});
		silence.end(checked.answered);
		poller.observe?.(index, seen[index]);
		results[index] = checked.result;
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
		else await pause(ctx, wakeAt - Date.now(), Math.min(deadline, silence.limit));
	}
	const unfinished: PollOutcome = cancelSignal(ctx)?.aborted ? 'cancelled' : 'timedOut';
	const gaveUp =
		unfinished === 'timedOut' && silence.over() ? { unreachableMs: silence.limitMs } : {};
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
