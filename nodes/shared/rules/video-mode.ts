/** Does the request's content fit its generation mode: prompt, media counts, videoInputMode. */
import {
	GENERATION_MODE_NAMES,
	type MediaArrayName,
	type ModeMedia,
	type VideoModel,
} from '../catalog';
import { CODES } from './codes';
import { fail, type Failure } from './result';
import type { VideoPlan } from './video-plan';

const ARRAY_KINDS: Record<MediaArrayName, string> = {
	urls: 'images',
	videoUrls: 'videos',
	audioUrls: 'audio files',
};
/** videoUrls first: edit/extend without a video gets its own code before anything else. */
const ARRAYS: readonly MediaArrayName[] = ['videoUrls', 'urls', 'audioUrls'];

/** EMPTY_CONTENT (no prompt, no media), the prompt length, and a prompt where the mode needs one. */
export function checkPrompt(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Record<string, unknown>,
): Failure | undefined {
	if (!plan.hasPrompt && mediaCount(plan) === 0) {
		return fail(
			CODES.EMPTY_CONTENT,
			'the request has neither a prompt nor reference media: add a prompt',
			'inputs.prompt',
		);
	}
	const { maxLength, requiredIn } = model.params.prompt;
	const prompt = inputs.prompt;
	if (typeof prompt === 'string' && prompt.length > maxLength) {
		const message = `prompt has ${prompt.length} characters: shorten it to at most ${maxLength}`;
		return fail(CODES.PROMPT_TOO_LONG, message, 'inputs.prompt');
	}
	if (!plan.hasPrompt && requiredIn.includes(plan.mode)) {
		const what =
			plan.mode === 'edit' || plan.mode === 'extend'
				? 'the change or continuation of Video 1'
				: 'the video';
		const message = `${GENERATION_MODE_NAMES[plan.mode]} on ${model.id} needs a prompt: describe ${what}`;
		return fail(CODES.PROMPT_REQUIRED, message, 'inputs.prompt');
	}
	return undefined;
}

/** The mode's media table: videoInputMode, audio alone, counts per array, files in total. */
export function checkModeMedia(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const spec = model.references.modes[plan.mode];
	return (
		wrongInputMode(model, plan, spec, inputs) ??
		audioOnly(model, plan, spec) ??
		sourceVideoMissing(model, plan, spec) ??
		ARRAYS.map((array) => tooMany(model, plan, spec, array)).find(Boolean) ??
		ARRAYS.map((array) => tooFew(plan, spec, array)).find(Boolean) ??
		noMedia(plan, spec) ??
		tooManyFiles(model, plan)
	);
}

const mediaCount = (plan: VideoPlan): number =>
	plan.urls.length + plan.videoUrls.length + plan.audioUrls.length;

function wrongInputMode(
	model: VideoModel,
	plan: VideoPlan,
	spec: ModeMedia,
	inputs: Record<string, unknown>,
): Failure | undefined {
	if (!spec.videoInputMode || inputs.videoInputMode === spec.videoInputMode) return undefined;
	const message = `${GENERATION_MODE_NAMES[plan.mode]} on ${model.id} needs videoInputMode '${spec.videoInputMode}'`;
	return fail(CODES.INVALID_MEDIA_COMBINATION, message, 'inputs.videoInputMode');
}

/** sd2, sd2-fast, sd2-mini: audio needs an image or a video beside it. */
function audioOnly(model: VideoModel, plan: VideoPlan, spec: ModeMedia): Failure | undefined {
	const alone = plan.audioUrls.length > 0 && plan.urls.length + plan.videoUrls.length === 0;
	if (!alone || model.references.audioAlone || spec.audioUrls.max === 0) return undefined;
	const message = `${model.id} cannot use audio as the only reference: add a reference image or video`;
	return fail(CODES.AUDIO_ONLY_NOT_SUPPORTED, message, 'inputs.audioUrls');
}

function noMedia(plan: VideoPlan, spec: ModeMedia): Failure | undefined {
	if (!spec.needsMedia || mediaCount(plan) > 0) return undefined;
	const message = `${GENERATION_MODE_NAMES[plan.mode]} needs at least one reference image, video or audio file in urls, videoUrls or audioUrls`;
	return fail(CODES.INVALID_MEDIA_COMBINATION, message, 'inputs.urls');
}

function tooManyFiles(model: VideoModel, plan: VideoPlan): Failure | undefined {
	const max = model.references.maxFiles;
	const count = mediaCount(plan);
	if (max === undefined || count <= max) return undefined;
	const message = `${count} reference files are more than ${model.id} takes: use at most ${max} in total`;
	return fail(CODES.TOO_MANY_REFERENCES, message, 'inputs.urls');
}

const HINTS: Partial<Record<VideoPlan['mode'], string>> = {
	textToVideo: ": set videoInputMode to 'keyframe' (first/last frame) or 'reference' to use media",
	firstFrame: ": set videoInputMode to 'reference' to mix media",
	keyframes: ": set videoInputMode to 'reference' to mix media",
};

/** Edit and extend need their source video before anything else is judged. */
function sourceVideoMissing(
	model: VideoModel,
	plan: VideoPlan,
	spec: ModeMedia,
): Failure | undefined {
	if (
		plan.videoUrls.length >= spec.videoUrls.min ||
		(plan.mode !== 'edit' && plan.mode !== 'extend')
	)
		return undefined;
	const code =
		plan.mode === 'edit' ? CODES.EDIT_SOURCE_VIDEO_REQUIRED : CODES.EXTEND_SOURCE_VIDEO_REQUIRED;
	const message = `${plan.mode} on ${model.id} needs the source video first in videoUrls (an uploaded asset)`;
	return fail(code, message, 'inputs.videoUrls');
}

function tooMany(
	model: VideoModel,
	plan: VideoPlan,
	spec: ModeMedia,
	array: MediaArrayName,
): Failure | undefined {
	const count = plan[array].length;
	const { min, max } = spec[array];
	if (count <= max) return undefined;
	const name = GENERATION_MODE_NAMES[plan.mode];
	const path = `inputs.${array}`;
	if (max === 0)
		return fail(
			CODES.INVALID_MEDIA_COMBINATION,
			`${name} takes no ${array}${HINTS[plan.mode] ?? ': remove them'}`,
			path,
		);
	if (min === max) return wrongCount(plan, array, min);
	const message = `${count} ${ARRAY_KINDS[array]} are more than ${name} on ${model.id} takes: use at most ${max}`;
	return fail(CODES.TOO_MANY_REFERENCES, message, path);
}

function tooFew(plan: VideoPlan, spec: ModeMedia, array: MediaArrayName): Failure | undefined {
	return plan[array].length < spec[array].min
		? wrongCount(plan, array, spec[array].min)
		: undefined;
}

function wrongCount(plan: VideoPlan, array: MediaArrayName, expected: number): Failure {
	if (array === 'urls' && plan.mode === 'keyframes') {
		const message = `keyframe mode takes 1 image (first frame) or 2 images (first, last) in urls, not ${plan.urls.length}`;
		return fail(CODES.INVALID_MEDIA_COMBINATION, message, 'inputs.urls');
	}
	const mode = GENERATION_MODE_NAMES[plan.mode];
	const message = `${mode} takes exactly ${expected} ${ARRAY_KINDS[array]} in ${array}, not ${plan[array].length}`;
	return fail(CODES.INVALID_MEDIA_COMBINATION, message, `inputs.${array}`);
}
