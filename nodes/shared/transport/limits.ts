import { timerDelayMs } from '../execution/timer-delay';

/** Default total time of one request attempt: connecting, the headers and the whole body. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The longest wait a Retry-After may ask for. A service asking for an hour would otherwise hold
 * the node (and the workflow) for that hour; past the cap the next attempt simply fails again.
 */
export const RETRY_AFTER_CAP_MS = 30_000;

/** The time budget of one attempt, and why its signal fired. */
export interface AttemptClock {
	signal: AbortSignal;
	limitMs: number;
	timedOut(): boolean;
	stopped(): boolean;
}

/**
 * One attempt's signal: it fires at the attempt's limit (timeoutMs, clipped to the deadline) or when
 * the execution is stopped, whichever comes first, and aborts the request wherever it is.
 */
export function attemptClock(
	cancel: AbortSignal | undefined,
	timeoutMs = DEFAULT_TIMEOUT_MS,
	deadline = Infinity,
): AttemptClock {
	const limitMs = timerDelayMs(Math.min(timeoutMs, deadline - Date.now()));
	const timer = AbortSignal.timeout(limitMs);
	const signal = cancel ? AbortSignal.any([timer, cancel]) : timer;
	return {
		signal,
		limitMs,
		timedOut: () => timer.aborted,
		stopped: () => cancel?.aborted === true,
	};
}

/** "1.5 s", "60 s": a limit as the user set it. */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export { untilAborted } from '../execution/until-aborted';

/** Retry-After in seconds or as an HTTP date, in ms from `now`, capped; undefined when unreadable. */
export function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const delaySeconds = Number(value);
	const ms = Number.isFinite(delaySeconds) ? delaySeconds * 1000 : Date.parse(value) - now;
	if (!Number.isFinite(ms) || (Number.isFinite(delaySeconds) && ms < 0)) return undefined;
	return Math.min(Math.max(0, ms), RETRY_AFTER_CAP_MS);
}
