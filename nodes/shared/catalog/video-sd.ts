/**
 * The sd video family: sd2.5, sd2, sd2-fast, sd2-mini (Unified Generation API, § Video generation
 * inputs: sd2.5, ...).
 */
import { DRAFT_LIFETIME_DAYS } from './service';
import { MB } from './units';
import type {
	GenerationMode,
	VideoFamilySpec,
	VideoInputName,
	VideoModel,
	VideoReferences,
} from './video-types';
import type { MediaLimits } from './types';
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

/** Reviewed assets by asset://; media alone means keyframes; a missing reference is ASSET_NOT_FOUND. */
export const SD_FAMILY: VideoFamilySpec = {
	id: 'sd',
	uploads: 'asset',
	mediaImpliesKeyframes: true,
	missingReferenceInvalid: false,
};

const GENERATION_MODES: readonly GenerationMode[] = [
	'textToVideo',
	'firstFrame',
	'keyframes',
	'reference',
	'edit',
	'extend',
];

const SD_INPUTS: readonly VideoInputName[] = [
	'prompt',
	'mode',
	'videoInputMode',
	'urls',
	'videoUrls',
	'audioUrls',
	'duration',
	'resolution',
	'outputResolution',
	'upscaleResolution',
	'seed',
	'generateAudio',
	'bitrateMode',
];

const ALL_TIERS = ['480p', '720p', '1080p', '2k', '4k'] as const;
const NO_MAX = Number.POSITIVE_INFINITY;
/** Image shortest side is at least 400 px for the whole family. */
const SD_IMAGE: Omit<MediaLimits, 'max'> = {
	accepts: ['https', 'http', 'asset'],
	shortSide: { min: 400, max: NO_MAX },
};
/** Video URLs must be asset:// references to uploaded assets. */
const ASSET_ONLY = ['asset'] as const;
const AUDIO_ACCEPTS = ['https', 'http', 'asset'] as const;

function references(
	limits: Pick<VideoReferences, 'images' | 'videos' | 'audios'>,
	rest: Omit<VideoReferences, 'images' | 'videos' | 'audios' | 'modes'>,
): VideoReferences {
	const modes = modeMedia(limits, { editAudio: false, extendNeedsReferenceMode: false });
	return { ...limits, ...rest, modes };
}

/** sd2, sd2-fast, sd2-mini: 9/3/3 references, 12 files, every clip at most 15 s, no audio alone. */
const SD2_REFERENCES = references(
	{
		images: { max: 9, ...SD_IMAGE },
		videos: { max: 3, accepts: ASSET_ONLY, seconds: { min: 0, max: 15 } },
		audios: { max: 3, accepts: AUDIO_ACCEPTS, seconds: { min: 2, max: 15 }, maxTotalSeconds: 15 },
	},
	{ maxFiles: 12, audioAlone: false },
);

const SD25_REFERENCES = references(
	{
		images: { max: 30, ...SD_IMAGE },
		videos: {
			max: 10,
			accepts: ASSET_ONLY,
			seconds: { min: 2, max: 30 },
			maxTotalSeconds: 30,
			maxBytes: 200 * MB,
			// "inputs 480p-4K": the shorter side of a 480p frame is 480, of a 4K (3840x2160) frame 2160.
			shortSide: { min: 480, max: 2160 },
		},
		audios: {
			max: 10,
			accepts: AUDIO_ACCEPTS,
			seconds: { min: 2, max: 30 },
			maxTotalSeconds: 30,
			maxBytes: 15 * MB,
		},
	},
	{ maxFiles: 50, audioAlone: true, editSourceSeconds: { min: 4, max: 30 } },
);

const SD_ASPECT: VideoModel['aspect'] = {
	input: 'resolution',
	options: [
		{
			value: 'auto',
			name: 'Auto',
			description: 'The model chooses (not allowed in reference mode)',
		},
		{ value: '720x720', name: '720x720', description: 'Square 1:1' },
		{ value: '720x960', name: '720x960', description: 'Portrait 3:4' },
		{ value: '960x720', name: '960x720', description: 'Landscape 4:3' },
		{ value: '1280x720', name: '1280x720', description: 'Landscape 16:9' },
		{ value: '720x1280', name: '720x1280', description: 'Portrait 9:16' },
		{ value: '1280x540', name: '1280x540', description: 'Wide 21:9' },
	],
	default: 'auto',
	automatic: ['auto'],
	fixedRequiredIn: ['reference'],
	automaticOnlyIn: [],
	// Edit and extend keep the source's aspect ratio.
	ignoredIn: ['edit', 'extend'],
};

/**
 * The fields all four sd models share; each model passes what is its own. The draft inputs exist
 * only with the model's `draft` parameters, the timestamps input only where a mode accepts it, and
 * `duration` is ignored by edit only where the edit output follows its source (editSourceSeconds).
 */
function sdModel<Id extends string>(
	own: Pick<
		VideoModel<Id>,
		'id' | 'name' | 'description' | 'outputResolutions' | 'references' | 'pricing'
	> & {
		maxSeconds: number;
		extra?: Partial<VideoModel['params']>;
	},
): VideoModel<Id> {
	const { maxSeconds, extra, ...rest } = own;
	const draft = extra?.draft;
	const timestamps = extra?.sourceFrameTimestampsIn ?? [];
	const inputs: VideoInputName[] = [...SD_INPUTS];
	if (timestamps.length > 0) inputs.push('source_frame_timestamps_ms');
	if (draft) inputs.push('draft', 'draftSourceOrderId');
	return {
		...rest,
		family: SD_FAMILY.id,
		modes: draft ? [...GENERATION_MODES, 'draft', 'final'] : GENERATION_MODES,
		inputs,
		modeOptions: [EDIT_MODE, EXTEND_MODE],
		videoInputModes: VIDEO_INPUT_MODES,
		duration: {
			range: { min: 4, max: maxSeconds },
			default: 5,
			wholeSeconds: true,
			smart: true,
			ignoredIn: rest.references.editSourceSeconds ? ['edit'] : [],
		},
		defaultOutputResolution: '720p',
		aspect: SD_ASPECT,
		params: {
			prompt: { maxLength: PROMPT_MAX_LENGTH, requiredIn: PROMPT_REQUIRED_IN },
			seed: { min: 0, max: SEED_MAX, random: -1 },
			generateAudio: { default: true },
			bitrateMode: {
				options: [
					{ value: 'standard', name: 'Standard' },
					{
						value: 'high',
						name: 'High',
						description: 'More detail, file about 3-5x larger, same price',
					},
				],
				default: 'standard',
			},
			upscaleResolution: 'deprecated',
			sourceFrameTimestampsIn: [],
			...extra,
		},
	};
}

/** The family's models, in the order the model list shows them. */
export const SD_VIDEO_MODELS = [
	sdModel({
		id: 'sd2.5',
		name: 'SD 2.5',
		description: 'Newest: up to 30 s, native 480p/720p/1080p, 480P drafts with 1080P finals',
		maxSeconds: 30,
		outputResolutions: outputTiers(ALL_TIERS, ['2k', '4k']),
		references: SD25_REFERENCES,
		extra: {
			// "prompt: required for text-to-video only"; extend joins its clips, edit has `mode`.
			prompt: { maxLength: PROMPT_MAX_LENGTH, requiredIn: ['textToVideo'] },
			sourceFrameTimestampsIn: ['edit'],
			draft: {
				tier: '480p',
				finalTier: '1080p',
				modes: ['textToVideo', 'firstFrame', 'keyframes', 'reference'],
				lifetimeDays: DRAFT_LIFETIME_DAYS,
			},
		},
		pricing: {
			tiers: {
				'480p': rate(30, 23),
				'720p': rate(60, 45),
				'1080p': rate(150, 113),
				'2k': rate(60, 45, 30),
				'4k': rate(60, 45, 40),
			},
			inputFloor: { numerator: 2, denominator: 3 },
		},
	}),
	sdModel({
		id: 'sd2',
		name: 'SD 2 Pro',
		description: 'Pro tier: 4-15 s, native 480p/720p/1080p/4k',
		maxSeconds: 15,
		outputResolutions: outputTiers(ALL_TIERS, ['2k']),
		references: SD2_REFERENCES,
		pricing: {
			tiers: {
				'480p': rate(20, 15),
				'720p': rate(40, 30),
				'1080p': rate(100, 75),
				'2k': rate(40, 30, 30),
				'4k': rate(200, 150),
			},
			inputFloor: { numerator: 2, denominator: 3 },
		},
	}),
	sdModel({
		id: 'sd2-fast',
		name: 'SD 2 Fast',
		description: 'Faster tier: 4-15 s, native 480p/720p',
		maxSeconds: 15,
		outputResolutions: outputTiers(ALL_TIERS, ['1080p', '2k', '4k']),
		references: SD2_REFERENCES,
		pricing: {
			tiers: {
				'480p': rate(16, 12),
				'720p': rate(32, 24),
				'1080p': rate(32, 24, 20),
				'2k': rate(32, 24, 30),
				'4k': rate(32, 24, 40),
			},
			inputFloor: { numerator: 2, denominator: 3 },
		},
	}),
	sdModel({
		id: 'sd2-mini',
		name: 'SD 2 Mini',
		description: 'Cheapest tier (50% of SD 2): 4-15 s, native 480p/720p',
		maxSeconds: 15,
		outputResolutions: outputTiers(ALL_TIERS, ['1080p', '2k', '4k']),
		references: SD2_REFERENCES,
		pricing: {
			tiers: {
				'480p': rate(10, 7.5),
				'720p': rate(20, 15),
				'1080p': rate(20, 15, 20),
				'2k': rate(20, 15, 30),
				'4k': rate(20, 15, 40),
			},
			inputFloor: { numerator: 2, denominator: 3 },
		},
	}),
] as const;
