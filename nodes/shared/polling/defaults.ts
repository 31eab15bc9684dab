/**
 * The poll options and their defaults, apart from the poller: the wait fields' descriptions and
 * the readers of their values need these, and n8n's start-up should not load the polling engine.
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
	/** The wait ends when the service answered no check for this long (default UNREACHABLE_MS; silence.ts). */
	unreachableMs?: number;
}

/** Chosen by `npm run bench` (docs/benchmark.md). */
export const DEFAULT_POLL: PollOptions = {
	intervalMs: 250,
	maxIntervalMs: 30_000,
	timeoutMs: 30 * 60_000,
	concurrency: 8,
};
