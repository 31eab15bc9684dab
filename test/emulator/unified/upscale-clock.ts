import type { Emulator } from '../emulator';
import { now } from '../emulator';
import type { Upscale } from '../store';
import { deliverWebhook } from '../webhooks';
import { settleHold } from './credits';

export type UpscaleStatus = 'validating' | 'processing' | 'completed' | 'failed';

/** Share of the task duration spent validating (the spec does not show the timing). */
export const VALIDATING_SHARE = 0.2;

const endOf = (up: Upscale) =>
	up.createdAt + (up.failure?.atValidation ? up.validateMs : up.durationMs);

export function scheduleUpscale(emu: Emulator, up: Upscale): void {
	emu.timers.after(endOf(up) - now(), () => settleUpscale(emu, up, true));
}

export function upscaleStatus(emu: Emulator, up: Upscale): UpscaleStatus {
	settleUpscale(emu, up);
	if (up.finishedAt !== null) return up.failure ? 'failed' : 'completed';
	return now() - up.createdAt < up.validateMs ? 'validating' : 'processing';
}

/** Ends a due upscale once: the held credits are spent or refunded, then the callback goes out once. */
export function settleUpscale(emu: Emulator, up: Upscale, force = false): void {
	if (up.finishedAt !== null || (!force && now() < endOf(up))) return;
	up.finishedAt = Math.min(now(), endOf(up));
	if (up.cost > 0) settleHold(emu, up.owner, up.cost, !up.failure);
	if (!up.failure && up.plan) up.fileId = emu.files.plan(up.plan);
	if (up.callBackUrl) deliverWebhook(emu, up.taskId, up.callBackUrl, upscaleView(emu, up), false);
}

export function settleDueUpscales(emu: Emulator, owner: string): void {
	for (const up of emu.store.upscales.values()) if (up.owner === owner) settleUpscale(emu, up);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The upscale task object; creditsConsumed is null until completed (and on failure). */
export function upscaleView(emu: Emulator, up: Upscale) {
	const status = upscaleStatus(emu, up);
	const result =
		status === 'completed' && up.fileId && up.source
			? {
					url: emu.files.url(up.origin, up.fileId),
					probedDurationSeconds: up.source.seconds,
					probedSourceResolution: `${up.source.width}x${up.source.height}`,
				}
			: null;
	return {
		taskId: up.taskId,
		orderId: up.orderId,
		status,
		targetResolution: up.targetResolution,
		creditsConsumed: status === 'completed' ? up.cost : null,
		result,
		error:
			status === 'failed' && up.failure
				? { code: up.failure.code, message: up.failure.message }
				: null,
		createdAt: iso(up.createdAt),
		finishedAt: iso(up.finishedAt),
	};
}
