/** Timers may fire a few ms before the wall clock reaches the deadline they were set for. */
const DEADLINE_SLACK_MS = 10;

/** True once `deadline` (epoch ms) has passed, as a timer set for it sees it. */
export const reached = (deadline: number, now = Date.now()) => now >= deadline - DEADLINE_SLACK_MS;
