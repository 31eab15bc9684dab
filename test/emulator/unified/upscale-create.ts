import { estimateUpscaleCredits } from '../../../nodes/shared/pricing';
import { CODES, isPrivateOrInsecureUrl } from '../../../nodes/shared/rules/index';
import { now } from '../emulator';
import { parseJsonObject } from '../http/body';
import { assertValid, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { newId } from '../ids';
import { probeMedia } from '../media/index';
import { videoSize } from '../output-size';
import { ownFileId, ownUrl } from '../own-files';
import { validateUpscaleBody, validateUpscaleSource } from '../rules/index';
import type { Account, Upscale, UpscaleFailure } from '../store';
import { availableCredits, charge } from './credits';
import { scheduleUpscale, VALIDATING_SHARE } from './upscale-clock';

/** Codes the spec lists for upscale tasks: found while validating, they fail the task (not HTTP 400). */
const TASK_CODES = new Set<string>([
	CODES.INVALID_URL,
	CODES.URL_NOT_REACHABLE,
	CODES.UNSUPPORTED_MEDIA_TYPE,
	CODES.FILE_TOO_LARGE,
	CODES.DURATION_EXCEEDS_LIMIT,
	CODES.SOURCE_RESOLUTION_TOO_HIGH,
	CODES.INSUFFICIENT_CREDITS,
	CODES.ACCOUNT_FROZEN,
]);

const failing = (code: string, message: string): UpscaleFailure => ({
	code,
	message,
	atValidation: true,
});

function sourceUrl(body: Record<string, unknown>): string {
	const source = (body.source ?? {}) as Record<string, unknown>;
	return String((source.type === 'uploadId' ? source.storageUrl : source.url) ?? '');
}

/** The emulator reads only its own files; any other https url is "not reachable" (no internet). */
function readSource(ctx: Ctx, url: string): Buffer | UpscaleFailure {
	const fileId = ownFileId(ctx, url);
	if (fileId) return ctx.emu.files.bytes(fileId) as Buffer;
	if (!ownUrl(ctx, url) && isPrivateOrInsecureUrl(url)) {
		return failing(
			CODES.INVALID_URL,
			'The source url must be https and not a private or internal address',
		);
	}
	return failing(CODES.URL_NOT_REACHABLE, `The source url could not be fetched: ${url}`);
}

/** Validates the source and holds the credits; returns the failure the task will end with, if any. */
function inspect(ctx: Ctx, account: Account, up: Upscale, url: string): UpscaleFailure | undefined {
	if (account.frozen)
		return failing(CODES.ACCOUNT_FROZEN, 'This account is frozen and may not spend credits');
	const bytes = readSource(ctx, url);
	if (!Buffer.isBuffer(bytes)) return bytes;
	const media = probeMedia(bytes);
	if (media?.kind !== 'video')
		return failing(CODES.UNSUPPORTED_MEDIA_TYPE, 'The source is not a video (MP4, MOV or WebM)');
	const seconds = media.seconds ?? 0;
	const { width = 0, height = 0 } = media;
	const check = validateUpscaleSource(up.targetResolution, {
		format: media.format,
		bytes: bytes.length,
		seconds,
		width,
		height,
	});
	if (!check.ok) return failing(check.code, check.message);
	const cost = estimateUpscaleCredits(up.targetResolution, seconds);
	if (cost > availableCredits(account)) {
		return failing(
			CODES.INSUFFICIENT_CREDITS,
			`Upscaling costs ${cost} credits, ${availableCredits(account)} are available`,
		);
	}
	charge(account, cost, true);
	up.cost = cost;
	up.source = { seconds, width, height };
	up.plan = {
		kind: 'video',
		format: 'mp4',
		seconds,
		...videoSize(up.targetResolution, width / height),
	};
	if (decodeURIComponent(url).includes('[fail]')) {
		return {
			code: 'UPSCALE_FAILED',
			message: 'Upscaling failed: the source url asked the emulator to fail ([fail])',
			atValidation: false,
		};
	}
	return undefined;
}

/** POST /upscale/create: answers `validating` at once; source problems surface as a failed task. */
export function createUpscaleRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const body = parseJsonObject(ctx.body);
	const check = validateUpscaleBody(body);
	if (!check.ok && !TASK_CODES.has(check.code)) assertValid(check);
	const duration = ctx.emu.nextRunTime();
	const up: Upscale = {
		taskId: newId('upscale'),
		orderId: newId('order'),
		owner: account.apiKey,
		targetResolution: String(body.targetResolution),
		createdAt: now(),
		validateMs: duration * VALIDATING_SHARE,
		durationMs: duration,
		cost: 0,
		callBackUrl: typeof body.callBackUrl === 'string' ? body.callBackUrl : undefined,
		origin: ctx.origin,
		finishedAt: null,
	};
	up.failure = check.ok
		? inspect(ctx, account, up, sourceUrl(body))
		: failing(check.code, check.message);
	ctx.emu.store.upscales.set(up.taskId, up);
	scheduleUpscale(ctx.emu, up);
	return ok({ taskId: up.taskId, orderId: up.orderId, status: 'validating' });
}
