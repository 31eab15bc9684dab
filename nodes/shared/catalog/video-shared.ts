/** Building blocks both video families share, so each fact is written once. */
import type { Choice, Range } from './types';
import type {
	GenerationMode,
	ModeMedia,
	OutputResolution,
	OutputTier,
	VideoReferences,
	VideoTierRate,
} from './video-types';

export const PROMPT_MAX_LENGTH = 20000;
export const SEED_MAX = 2147483647;

/**
 * Modes that need a prompt on the alt family ("required for text-to-video, edit and extend") and
 * on sd2, sd2-fast, sd2-mini, whose edit and extend infer the action from the prompt, "which must
 * describe the edit or continuation" (our reading: no prompt, nothing to infer from). sd2.5 needs
 * one for text-to-video only (the parameter table). Text-to-video without a prompt is EMPTY_CONTENT.
 */
export const PROMPT_REQUIRED_IN: readonly GenerationMode[] = ['textToVideo', 'edit', 'extend'];

/** The error table's TOO_MANY_REFERENCES: "extend at most 3 videos" (both families). */
const EXTEND_MAX_VIDEOS = 3;

/** Display names of the generation modes (UI labels and messages). */
export const GENERATION_MODE_NAMES: Readonly<Record<GenerationMode, string>> = {
	textToVideo: 'text-to-video',
	firstFrame: 'image-to-video (first frame)',
	keyframes: 'first-last keyframes',
	reference: 'multi-reference',
	edit: 'edit',
	extend: 'extend',
};

export const VIDEO_INPUT_MODES: readonly Choice<'keyframe' | 'reference'>[] = [
	{
		value: 'keyframe',
		name: 'Keyframe',
		description: 'One image (first frame) or two images (first, last)',
	},
	{
		value: 'reference',
		name: 'Reference',
		description: 'Mixed reference images, videos and audio',
	},
];

export const EDIT_MODE: Choice = {
	value: 'edit',
	name: 'Edit',
	description: 'Change the first video of videoUrls as the prompt describes',
};
export const EXTEND_MODE: Choice = {
	value: 'extend',
	name: 'Extend',
	description: 'Continue the videos of videoUrls; duration is the length of the new part',
};

const TIER_NAMES: Record<OutputTier, string> = {
	'480p': '480p',
	'720p': '720p',
	'1080p': '1080p',
	'2k': '2K',
	'4k': '4K',
};

/** The output tiers in the given order, each marked native unless listed as upscaled. */
export function outputTiers(
	tiers: readonly OutputTier[],
	upscaled: readonly OutputTier[] = [],
): OutputResolution[] {
	return tiers.map((value) => {
		const native = !upscaled.includes(value);
		const description = native
			? 'Native render'
			: 'Upscaled after rendering (surcharge per second)';
		return { value, name: TIER_NAMES[value], description, native };
	});
}

/** Rate row of a price table: without / with input video, upscaling surcharge. */
export function rate(
	perSecond: number,
	perSecondWithVideo: number,
	upscalePerSecond = 0,
): VideoTierRate {
	return { perSecond, perSecondWithVideo, upscalePerSecond };
}

const NONE: Range = { min: 0, max: 0 };
const upTo = (max: number): Range => ({ min: 0, max });
const exactly = (n: number): Range => ({ min: n, max: n });

/**
 * The mode table: which media each mode takes, bounded by the family's reference limits. Edit and
 * extend always carry reference-mode media; `videoInputMode` is required where the Unified
 * Generation API, § Modes names it for the mode, and extend takes 1 to EXTEND_MAX_VIDEOS clips.
 */
export function modeMedia(
	limits: Pick<VideoReferences, 'images' | 'videos' | 'audios'>,
	opts: { editAudio: boolean; extendNeedsReferenceMode: boolean },
): Record<GenerationMode, ModeMedia> {
	const images = upTo(limits.images.max);
	const audio = upTo(limits.audios.max);
	const editAudio = opts.editAudio ? audio : NONE;
	return {
		textToVideo: { urls: NONE, videoUrls: NONE, audioUrls: NONE },
		firstFrame: { urls: exactly(1), videoUrls: NONE, audioUrls: NONE },
		keyframes: { urls: exactly(2), videoUrls: NONE, audioUrls: NONE },
		reference: {
			urls: images,
			videoUrls: upTo(limits.videos.max),
			audioUrls: audio,
			needsMedia: true,
			videoInputMode: 'reference',
		},
		edit: {
			urls: images,
			videoUrls: { min: 1, max: limits.videos.max },
			audioUrls: editAudio,
			videoInputMode: 'reference',
		},
		extend: {
			urls: images,
			videoUrls: { min: 1, max: EXTEND_MAX_VIDEOS },
			audioUrls: editAudio,
			...(opts.extendNeedsReferenceMode ? { videoInputMode: 'reference' as const } : {}),
		},
	};
}
