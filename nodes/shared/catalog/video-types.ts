/** Shape of a video model entry (POST /jobs/createTask with a video `model`). */
import type { Choice, EnumSpec, MediaLimits, Range } from './types';

/** The families of video models; what sets one apart is the data of its VideoFamilySpec. */
export type VideoFamily = 'sd' | 'alt';

/**
 * What a family does differently from the other, as data: the rules, the nodes and the emulator
 * read it here, never from a family's name or a model id's prefix.
 */
export interface VideoFamilySpec {
	id: VideoFamily;
	/**
	 * How the family takes an uploaded file: 'asset', a reviewed asset sent as
	 * asset://<providerAssetId>; 'modelUpload', an upload made with `?model=<model id>` (multipart),
	 * ACTIVE at once, whose https url goes into the inputs.
	 */
	uploads: 'asset' | 'modelUpload';
	/** Whether media without `videoInputMode` means keyframes; otherwise it is text-to-video. */
	mediaImpliesKeyframes: boolean;
	/**
	 * Whether unresolved or foreign images and audio are REFERENCE_IMAGE/AUDIO_INVALID ("missing,
	 * not owned") rather than ASSET_NOT_FOUND (videos are ASSET_NOT_FOUND in every family).
	 */
	missingReferenceInvalid: boolean;
	/** Where the service's UNSUPPORTED_MODEL names the family: an unknown id with this prefix is told the family's ids. */
	idPrefix?: string;
}

/** What a request asks for; derived from `mode`, `videoInputMode` and the media arrays. */
export type GenerationMode =
	'textToVideo' | 'firstFrame' | 'keyframes' | 'reference' | 'edit' | 'extend';

/** Capabilities: the generation modes plus the sd2.5 draft (480P preview) and its final render. */
export type VideoMode = GenerationMode | 'draft' | 'final';

export type OutputTier = '480p' | '720p' | '1080p' | '2k' | '4k';

/** Field names of `inputs`, exactly as the service spells them. */
export type VideoInputName =
	| 'prompt'
	| 'mode'
	| 'videoInputMode'
	| 'urls'
	| 'videoUrls'
	| 'audioUrls'
	| 'duration'
	| 'resolution'
	| 'ratio'
	| 'outputResolution'
	| 'upscaleResolution'
	| 'seed'
	| 'generateAudio'
	| 'bitrateMode'
	| 'promptExtend'
	| 'source_frame_timestamps_ms'
	| 'draft'
	| 'draftSourceOrderId';

export type MediaArrayName = 'urls' | 'videoUrls' | 'audioUrls';

export interface OutputResolution extends Choice<OutputTier> {
	/** false: the model renders lower and the gateway upscales (priced with a surcharge). */
	native: boolean;
}

interface DurationSpec {
	/** Output seconds; the service takes them as a string like '5s'. */
	range: Range;
	default: number;
	wholeSeconds: boolean;
	/** -1 lets the model choose the length. */
	smart: boolean;
	/** Modes where the service ignores `duration` (sd2.5 edit follows its source). */
	ignoredIn: readonly GenerationMode[];
}

/** Aspect control: sd uses `resolution` presets, alt uses `ratio`. */
interface AspectSpec extends EnumSpec {
	input: 'resolution' | 'ratio';
	/** Values that let the model choose. */
	automatic: readonly string[];
	/** Modes that need a non-automatic value (sd multi-reference). */
	fixedRequiredIn: readonly GenerationMode[];
	/** Modes that accept only automatic values (alt edit/extend). */
	automaticOnlyIn: readonly GenerationMode[];
	/** Modes where the aspect comes from the media and the value is not used. */
	ignoredIn: readonly GenerationMode[];
}

/** How many entries each media array takes in one generation mode. */
export interface ModeMedia {
	urls: Range;
	videoUrls: Range;
	audioUrls: Range;
	/** At least one entry across the three arrays. */
	needsMedia?: boolean;
	/** `videoInputMode` value the mode must be sent with. */
	videoInputMode?: 'keyframe' | 'reference';
}

export interface VideoReferences {
	images: MediaLimits;
	videos: MediaLimits;
	audios: MediaLimits;
	/** images + videos + audio files. */
	maxFiles?: number;
	/** Whether audio may be the only reference media. */
	audioAlone: boolean;
	/** Reference video seconds plus output seconds. */
	maxInputPlusOutputSeconds?: number;
	/** Seconds of the source (first) video of an edit. */
	editSourceSeconds?: Range;
	modes: Readonly<Record<GenerationMode, ModeMedia>>;
}

interface DraftSpec {
	/** Tier the draft renders and is billed at. */
	tier: OutputTier;
	/** Tier the final renders and is billed at. */
	finalTier: OutputTier;
	/** Generation modes a draft supports. */
	modes: readonly GenerationMode[];
	/** Days after draft creation during which a final can be made from it. */
	lifetimeDays: number;
}

interface VideoParams {
	prompt: { maxLength: number; requiredIn: readonly GenerationMode[] };
	/** `random` is the value meaning "pick a random seed" (-1 on sd), when the model has one. */
	seed: Range & { random?: number };
	generateAudio: { default: boolean };
	bitrateMode?: EnumSpec;
	promptExtend?: { default: boolean };
	/** 'deprecated': accepted legacy field that wins over outputResolution; 'unsupported': rejected. */
	upscaleResolution: 'deprecated' | 'unsupported';
	/** Modes that accept source_frame_timestamps_ms (one timestamp per image). */
	sourceFrameTimestampsIn: readonly GenerationMode[];
	draft?: DraftSpec;
}

/** Per output tier: without input video (perSecond + upscalePerSecond) x out; with input video
 *  perSecondWithVideo x (out + in) + upscalePerSecond x out. */
export interface VideoTierRate {
	perSecond: number;
	perSecondWithVideo: number;
	upscalePerSecond: number;
}

interface VideoPricing {
	tiers: Readonly<Partial<Record<OutputTier, VideoTierRate>>>;
	/** Billed input seconds are at least ceil(out x numerator / denominator) (sd family). */
	inputFloor?: { numerator: number; denominator: number };
}

/** One video model; `Id` keeps an entry's literal id, so the id types derive from the entries. */
export interface VideoModel<Id extends string = string> {
	id: Id;
	family: VideoFamily;
	name: string;
	description: string;
	modes: readonly VideoMode[];
	/** Every `inputs` field this model accepts. */
	inputs: readonly VideoInputName[];
	/** Values of `inputs.mode`. */
	modeOptions: readonly Choice[];
	/** Values of `inputs.videoInputMode`. */
	videoInputModes: readonly Choice<'keyframe' | 'reference'>[];
	duration: DurationSpec;
	outputResolutions: readonly OutputResolution[];
	defaultOutputResolution: OutputTier;
	aspect: AspectSpec;
	references: VideoReferences;
	params: VideoParams;
	pricing: VideoPricing;
}
