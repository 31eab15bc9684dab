import { timerDelayMs } from '../execution/timer-delay';
import { untilAborted } from '../execution/until-aborted';
import { reached } from './deadline';
import type { Poller, PollResult, Seen } from './poller';

/** One check: whether the service answered it, and the task's result once it has one. */
export interface Checked<S> {
	answered: boolean;
	result?: PollResult<S>;
}

/**
 * A check still running this long after its limit is abandoned. The package's checks end at their
 * limit themselves (each request attempt is clipped to it, transport/limits.ts) and so say why;
 * this bounds any check that does not, whatever it waits on.
 */
const ABANDON_AFTER_MS = 1_000;

/**
 * Reads one task, by `limit` (the sooner of the wait's `deadline` and the silence limit). An
 * answer is a status or a permanent error; anything else leaves the task to the next check.
 */
export async function checkOnce<S>(
	task: { id: string; index: number },
	poller: Poller<S>,
	seen: Seen<S>,
	{ deadline, limit }: { deadline: number; limit: number },
): Promise<Checked<S>> {
	const abandon = AbortSignal.timeout(timerDelayMs(limit + ABANDON_AFTER_MS - Date.now()));
	try {
		seen.state = await untilAborted(poller.query(task.id, task.index, limit), abandon);
		seen.error = undefined;
		const phase = poller.phase(seen.state);
		return {
			answered: true,
			result: phase === 'running' ? undefined : { outcome: phase, last: seen.state },
		};
	} catch (error) {
		// A check cut at its limit tells nothing new: what the service last said stands. Only a wait
		// that saw nothing at all keeps the Timeout's cut, to say why no status could be read.
		const told = !reached(limit) || (reached(deadline) && !(seen.error || seen.state));
		if (!told) return { answered: false };
		seen.error = error as Error;
		if (!poller.isPermanent(seen.error)) return { answered: false };
		return { answered: true, result: { outcome: 'error', last: seen.state, error: seen.error } };
	}
}
