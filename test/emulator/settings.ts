/** Clocks of the emulator; tests shorten them, the demo keeps the defaults. */
export interface Settings {
	/** Time from createTask (or a compat task, or an upscale) to its terminal state; the median with a spread. */
	taskDurationMs: number;
	/** Uneven run times around taskDurationMs (run-times.ts); null: every task takes exactly taskDurationMs. */
	taskDurationSpread: DurationSpread | null;
	/** Time an uploaded asset stays in review before it becomes ACTIVE or FAILED. */
	reviewDurationMs: number;
	/** Waits before each webhook retry; the spec's 1 s, 5 s, 30 s. Its length is the retry count. */
	webhookRetryDelaysMs: number[];
}

/** A log-normal spread of run times: its tail and cap as multiples of the median, and its seed. */
export interface DurationSpread {
	/** The 99th percentile of run times over the median (>= 1; 1 is no spread). */
	p99Factor: number;
	/** No task runs longer than this multiple of the median (>= 1). Default: twice p99Factor. */
	maxFactor: number;
	/** Same seed, same run times in the same creation order. Default 1. */
	seed: number;
}

export const DEFAULT_SETTINGS: Settings = {
	taskDurationMs: 3000,
	taskDurationSpread: null,
	reviewDurationMs: 1000,
	webhookRetryDelaysMs: [1000, 5000, 30000],
};

const isDelay = (value: unknown) =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0;

const isFactor = (value: unknown) =>
	typeof value === 'number' && Number.isFinite(value) && value >= 1;

/** Merges a partial update; returns an error message instead of accepting a bad value. */
export function mergeSettings(base: Settings, update: unknown): Settings | string {
	if (!update || typeof update !== 'object' || Array.isArray(update))
		return 'settings must be an object';
	const patch = update as Record<string, unknown>;
	for (const key of ['taskDurationMs', 'reviewDurationMs'] as const) {
		if (patch[key] !== undefined && !isDelay(patch[key])) return `${key} must be a number >= 0`;
	}
	const delays = patch.webhookRetryDelaysMs;
	if (delays !== undefined && !(Array.isArray(delays) && delays.every(isDelay))) {
		return 'webhookRetryDelaysMs must be an array of numbers >= 0';
	}
	const spread =
		patch.taskDurationSpread === undefined
			? base.taskDurationSpread
			: parseSpread(patch.taskDurationSpread);
	if (typeof spread === 'string') return spread;
	return {
		taskDurationMs: (patch.taskDurationMs as number | undefined) ?? base.taskDurationMs,
		taskDurationSpread: spread,
		reviewDurationMs: (patch.reviewDurationMs as number | undefined) ?? base.reviewDurationMs,
		webhookRetryDelaysMs: [...((delays as number[] | undefined) ?? base.webhookRetryDelaysMs)],
	};
}

/** `{ p99Factor, maxFactor?, seed? }` with its defaults filled in, null for none, or why not. */
export function parseSpread(value: unknown): DurationSpread | null | string {
	if (value === null) return null;
	const spread = (value ?? {}) as Record<string, unknown>;
	if (typeof value !== 'object' || Array.isArray(value) || !isFactor(spread.p99Factor))
		return 'taskDurationSpread must be null or { p99Factor, maxFactor?, seed? } with p99Factor >= 1';
	const p99Factor = spread.p99Factor as number;
	const maxFactor = spread.maxFactor ?? 2 * p99Factor;
	if (!isFactor(maxFactor)) return 'taskDurationSpread.maxFactor must be a number >= 1';
	const seed = spread.seed ?? 1;
	if (!Number.isSafeInteger(seed)) return 'taskDurationSpread.seed must be an integer';
	return { p99Factor, maxFactor: maxFactor as number, seed: seed as number };
}
