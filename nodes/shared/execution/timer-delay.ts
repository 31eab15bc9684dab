/**
 * A delay Node's timers keep: at least 1 ms, and at most 2^31-1 ms, since a longer one fires at
 * once (Node clamps it to 1 ms with a warning).
 */
export const timerDelayMs = (ms: number): number =>
	Math.max(1, Math.ceil(Math.min(ms, 2 ** 31 - 1)));
