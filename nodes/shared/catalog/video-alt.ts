/** The alt video family: alt3.0-video-prime and alt3.0-video accept the same inputs. */
import { MB } from './units';
import type { VideoFamilySpec, VideoModel, VideoReferences } from './video-types';
import {
	EDIT_MODE,
	EXTEND_MODE,
	PROMPT_MAX_LENGTH,
	PROMPT_REQUIRED_IN,
	SEED_MAX,
	VIDEO_INPUT_MODES,
	modeMedia,
	outputTiers,
	rate,
} from './video-shared';

/**
 * Uploads by `?model=<id>`; media alone is still text-to-video; missing images and audio are
 * REFERENCE_*_INVALID; the service answers an unknown `alt...` id with the family's ids.
 */
export const ALT_FAMILY: VideoFamilySpec = {
	id: 'alt',
	uploads: 'modelUpload',
	mediaImpliesKeyframes: false,
	missingReferenceInvalid: true,
	idPrefix: 'alt',
};

/** Media must be uploaded with POST /assets/upload?model=<alias>; only its https url is accepted. */
const UPLOADED = ['https'] as const;

const LIMITS: Pick<VideoReferences, 'images' | 'videos' | 'audios'> = {
	images: {
		max: 10,
		accepts: UPLOADED,
		formats: ['jpeg', 'png', 'bmp', 'webp'],
		maxBytes: 20 * MB,
		side: { min: 240, max: 8000 },
		maxAspectRatio: 8,
		noTransparency: true,
	},
	videos: {
		max: 5,
		accepts: UPLOADED,
		formats: ['mp4', 'mov'],
		maxBytes: 100 * MB,
		seconds: { min: 1, max: 15 },
		maxTotalSeconds: 15,
		side: { min: 240, max: 4096 },
		maxAspectRatio: 8,
	},
	audios: {
		max: 5,
		accepts: UPLOADED,
		formats: ['wav', 'mp3'],
		maxBytes: 15 * MB,
		seconds: { min: 1, max: 15 },
		maxTotalSeconds: 15,
	},
};

const REFERENCES: VideoReferences = {
	...LIMITS,
	audioAlone: true,
	maxInputPlusOutputSeconds: 30,
	// Extend takes at most 3 clips (the error table), fewer than the 5 reference videos.
	modes: modeMedia(LIMITS, { editAudio: true, extendNeedsReferenceMode: true }),
};

function altModel<Id extends string>(
	own: Pick<VideoModel<Id>, 'id' | 'name' | 'description' | 'pricing'>,
): VideoModel<Id> {
	return {
		...own,
		family: ALT_FAMILY.id,
		modes: ['textToVideo', 'firstFrame', 'keyframes', 'reference', 'edit', 'extend'],
		inputs: [
			'prompt',
			'mode',
			'videoInputMode',
			'urls',
			'videoUrls',
			'audioUrls',
			'duration',
			'ratio',
			'outputResolution',
			'seed',
			'generateAudio',
			'promptExtend',
		],
		modeOptions: [
			{ value: 'normal', name: 'Normal', description: 'Normal generation' },
			EDIT_MODE,
			EXTEND_MODE,
		],
		videoInputModes: VIDEO_INPUT_MODES,
		duration: {
			range: { min: 2, max: 30 },
			default: 5,
			wholeSeconds: true,
			smart: false,
			ignoredIn: [],
		},
		outputResolutions: outputTiers(['480p', '720p', '1080p']),
		defaultOutputResolution: '720p',
		aspect: {
			input: 'ratio',
			options: [
				{ value: 'adaptive', name: 'Adaptive', description: 'The model chooses (same as Auto)' },
				{ value: 'auto', name: 'Auto', description: 'The model chooses' },
				{ value: '16:9', name: '16:9' },
				{ value: '9:16', name: '9:16' },
				{ value: '1:1', name: '1:1' },
				{ value: '4:3', name: '4:3' },
				{ value: '3:4', name: '3:4' },
			],
			// Unified Generation API, § Video generation inputs: alt3.0-video-prime, ... states no
			// default; an omitted ratio is taken as automatic.
			default: 'adaptive',
			automatic: ['auto', 'adaptive'],
			fixedRequiredIn: [],
			automaticOnlyIn: ['edit', 'extend'],
			// Image-to-video and keyframes take the ratio from the images.
			ignoredIn: ['firstFrame', 'keyframes'],
		},
		references: REFERENCES,
		params: {
			prompt: { maxLength: PROMPT_MAX_LENGTH, requiredIn: PROMPT_REQUIRED_IN },
			seed: { min: 0, max: SEED_MAX },
			generateAudio: { default: true },
			promptExtend: { default: true },
			upscaleResolution: 'unsupported',
			sourceFrameTimestampsIn: [],
		},
	};
}

/** Per-second rates; the same rate applies to (out + in) when reference video is given. */
export const ALT_VIDEO_MODELS = [
	altModel({
		id: 'alt3.0-video-prime',
		name: 'Alt 3.0 Video Prime',
		description: 'Second family, faster-optimized: 2-30 s, native 480p/720p/1080p, no watermark',
		pricing: { tiers: { '480p': rate(22, 22), '720p': rate(45, 45), '1080p': rate(90, 90) } },
	}),
	altModel({
		id: 'alt3.0-video',
		name: 'Alt 3.0 Video',
		description: 'Second family: 2-30 s, native 480p/720p/1080p, no watermark',
		pricing: { tiers: { '480p': rate(16, 16), '720p': rate(32, 32), '1080p': rate(64, 64) } },
	}),
] as const;
