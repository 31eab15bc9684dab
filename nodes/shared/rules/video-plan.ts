/**
 * Reading a video request: which mode it asks for, its output seconds and tier, its media lists.
 * Shared by the rules and by pricing, so both read a request the same way.
 */
import {
	videoFamilyOf,
	type GenerationMode,
	type VideoFamilySpec,
	type VideoModel,
} from '../catalog';

export interface VideoPlan {
	mode: GenerationMode;
	/** `draft: true` (sd2.5 480P preview). */
	draft: boolean;
	/** `draftSourceOrderId` given: a final render of a draft. */
	final: boolean;
	urls: readonly unknown[];
	videoUrls: readonly unknown[];
	audioUrls: readonly unknown[];
	/** Requested output seconds (default when omitted); -1 smart; null when unreadable. */
	seconds: number | null;
	/** Output tier: the deprecated upscaleResolution wins over outputResolution. */
	tier: unknown;
	hasPrompt: boolean;
}

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

export function hasText(value: unknown): boolean {
	return typeof value === 'string' && value.trim() !== '';
}

export function planVideo(model: VideoModel, inputs: Record<string, unknown>): VideoPlan {
	const urls = list(inputs.urls);
	const videoUrls = list(inputs.videoUrls);
	const audioUrls = list(inputs.audioUrls);
	const media = urls.length + videoUrls.length + audioUrls.length;
	return {
		mode: detectMode(videoFamilyOf(model), inputs, urls.length, media),
		draft: inputs.draft === true,
		final: inputs.draftSourceOrderId !== undefined,
		urls,
		videoUrls,
		audioUrls,
		seconds: inputs.duration === undefined ? model.duration.default : readSeconds(inputs.duration),
		tier: inputs.upscaleResolution ?? inputs.outputResolution ?? model.defaultOutputResolution,
		hasPrompt: hasText(inputs.prompt),
	};
}

/**
 * `mode` edit/extend first, then `videoInputMode`. Without videoInputMode the sd family defaults
 * to keyframe (so one image is a first frame) while alt treats the request as text-to-video
 * (the family's mediaImpliesKeyframes).
 */
function detectMode(
	family: VideoFamilySpec,
	inputs: Record<string, unknown>,
	images: number,
	media: number,
): GenerationMode {
	if (inputs.mode === 'edit' || inputs.mode === 'extend') return inputs.mode;
	if (inputs.videoInputMode === 'reference') return 'reference';
	const keyframe =
		inputs.videoInputMode === 'keyframe' || (family.mediaImpliesKeyframes && media > 0);
	if (!keyframe) return 'textToVideo';
	return images === 1 ? 'firstFrame' : 'keyframes';
}

const SECONDS = /^\s*(-?\d+(?:\.\d+)?)\s*s?\s*$/i;

/** '5s', '5' or 5 -> 5; anything else -> null. */
export function readSeconds(value: unknown): number | null {
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value !== 'string') return null;
	const match = SECONDS.exec(value);
	return match ? Number(match[1]) : null;
}
