/** Clocks of the emulator; tests shorten them, the demo keeps the defaults. */
export interface Settings {
	/** Time from createTask (or a compat task, or an upscale) to its terminal state. */
	taskDurationMs: number;
	/** Time an uploaded asset stays in review before it becomes ACTIVE or FAILED. */
	reviewDurationMs: number;
	/** Waits before each webhook retry; the spec's 1 s, 5 s, 30 s. Its length is the retry count. */
	webhookRetryDelaysMs: number[];
}

export const DEFAULT_SETTINGS: Settings = {
	taskDurationMs: 3000,
	reviewDurationMs: 1000,
	webhookRetryDelaysMs: [1000, 5000, 30000],
};

const isDelay = (value: unknown) =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0;

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
	return {
		taskDurationMs: (patch.taskDurationMs as number | undefined) ?? base.taskDurationMs,
		reviewDurationMs: (patch.reviewDurationMs as number | undefined) ?? base.reviewDurationMs,
		webhookRetryDelaysMs: [...((delays as number[] | undefined) ?? base.webhookRetryDelaysMs)],
	};
}
