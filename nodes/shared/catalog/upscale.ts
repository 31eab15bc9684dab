/** Standalone upscaling (POST /upscale/create): targets, source limits, prices. */
import { MB } from './units';
import type { Choice } from './types';

type UpscaleTarget = '720p' | '1080p' | '2k' | '4k';

interface UpscaleTargetSpec extends Choice<UpscaleTarget> {
	/** Pixel height of the target; a source whose shorter side reaches it is "not lower". */
	height: number;
	/** Credits per second of source video. */
	creditsPerSecond: number;
}

export const UPSCALE = {
	/** 2k is taken as 2560x1440 (QHD), the usual "2K" of video tiers. */
	targets: [
		{ value: '720p', name: '720p', height: 720, creditsPerSecond: 17 },
		{ value: '1080p', name: '1080p', height: 1080, creditsPerSecond: 25 },
		{ value: '2k', name: '2K', height: 1440, creditsPerSecond: 38 },
		{ value: '4k', name: '4K', height: 2160, creditsPerSecond: 50 },
	] as readonly UpscaleTargetSpec[],
	/** Shorter sources are billed as this many seconds. */
	minBilledSeconds: 5,
	source: {
		/** `uploadId` (with source.storageUrl) is the legacy alias of `url`. */
		types: ['url', 'uploadId'] as const,
		protocol: 'https',
		maxSeconds: 600,
		maxBytes: 200 * MB,
		formats: ['mp4', 'mov', 'webm'] as readonly string[],
	},
	statuses: ['validating', 'processing', 'completed', 'failed'] as const,
	terminalStatuses: ['completed', 'failed'] as const,
} as const;
