import { getVideoModel } from '../../../shared/catalog';
import type { GenerationMode, VideoModel } from '../../../shared/catalog';
import type { VideoNodeMode } from './modes';
import { binaryNames, binaryPlaceholder } from '../../../shared/assets/binary-placeholders';
import { BINARY_MEDIA } from './media.fields';
import { toList, toNumberList } from '../../../shared/fields/lists';
import type { CreateTaskRequest } from '../../../shared/rules';
import { isRecord } from '../../../shared/rules/fields';
import { readSeconds } from '../../../shared/rules/video-plan';
import type { Checked } from '../../../shared/create/checked';
import { isBlank } from './parameters';
import type { VideoParameters } from './parameters';

type Inputs = Record<string, unknown>;

/**
 * The automatic duration of the Unified Generation API, § Parameter table (inputs): the model
 * chooses the length (sd family only; the rules say where).
 */
const AUTOMATIC_DURATION = '-1s';

/**
 * Turns the node's fields into the body of POST /jobs/createTask. It only translates; whether the
 * result is valid is for the rules to say (so a bad value gets the service's own code, not a silent
 * fix): a value of the wrong type (a prompt that is an object, a duration 'abc') is sent on as
 * given. What the request cannot express was refused before (checkVideoParameters: hence Checked).
 */
export function buildVideoRequest(parameters: Checked<VideoParameters>): CreateTaskRequest {
	const model = getVideoModel(parameters.model);
	const mode = parameters.generationMode as VideoNodeMode;
	const options: Inputs = isRecord(parameters.additionalOptions)
		? parameters.additionalOptions
		: {};
	const { callBackUrl, ...optionInputs } = options;
	// A callBackUrl that is not text is sent as given: the rules refuse it (INVALID_PARAMETER).
	const callBack = isBlank(callBackUrl) ? {} : { callBackUrl: trimmed(callBackUrl) as string };
	if (mode === 'final') {
		return {
			model: parameters.model,
			inputs: { draftSourceOrderId: trimmed(parameters.draftSourceOrderId ?? '') },
			...callBack,
		};
	}
	const inputs: Inputs = {
		...(isBlank(parameters.prompt) ? {} : { prompt: parameters.prompt }),
		...mediaInputs(parameters, mode, model),
		...durationInput(parameters, mode, model),
		...aspectInput(parameters, mode, model),
		...resolutionInputs(parameters),
		...presentOnly(optionInputs, parameters.draft === true),
	};
	return { model: parameters.model, inputs, ...callBack };
}

/** Binary fields come first (a video from binary data is Video 1, the edit source), then the URLs. */
function lists(parameters: VideoParameters): Inputs {
	const names = ['urls', 'videoUrls', 'audioUrls'] as const;
	const entries = names.map(
		(name) => [name, [...binaries(parameters, name), ...toList(parameters[name])]] as const,
	);
	return Object.fromEntries(entries.filter(([, list]) => list.length > 0));
}

/** Placeholders for the binary fields of a media field, replaced after upload (see create/binary-media.ts). */
function binaries(parameters: VideoParameters, media: keyof typeof BINARY_MEDIA): string[] {
	return binaryNames(parameters[BINARY_MEDIA[media].name]).map((name) =>
		binaryPlaceholder(parameters.model, name),
	);
}

/** A frame from its binary field (checkVideoParameters made sure not both are given), else its URL. */
function frame(parameters: VideoParameters, name: 'firstFrameUrl' | 'lastFrameUrl'): unknown {
	return binaries(parameters, name)[0] ?? trimmed(parameters[name]);
}

function mediaInputs(
	parameters: VideoParameters,
	mode: GenerationMode,
	model: VideoModel | undefined,
): Inputs {
	switch (mode) {
		case 'textToVideo':
			return {};
		// checkVideoParameters has made sure no frame of the mode is empty.
		case 'firstFrame':
			return { urls: [frame(parameters, 'firstFrameUrl')], videoInputMode: 'keyframe' };
		case 'keyframes':
			return {
				urls: [frame(parameters, 'firstFrameUrl'), frame(parameters, 'lastFrameUrl')],
				videoInputMode: 'keyframe',
			};
		case 'reference':
			return { ...lists(parameters), videoInputMode: 'reference' };
		case 'edit':
		case 'extend': {
			const videoInputMode = model?.references.modes[mode].videoInputMode;
			const timestamps = toNumberList(parameters.sourceFrameTimestamps);
			return {
				mode,
				...lists(parameters),
				...(videoInputMode ? { videoInputMode } : {}),
				...(mode === 'edit' && timestamps.length > 0
					? { source_frame_timestamps_ms: timestamps }
					: {}),
			};
		}
	}
}

/**
 * Automatic Length sends -1. Otherwise the duration in the form of the Unified Generation API,
 * § Parameter table (inputs): a number, or text the rules read as seconds ('7', '7s' from an
 * expression: our choice, the documented form is accepted), becomes '7s'; anything else is sent as
 * given for the rules to refuse (DURATION_OUT_OF_RANGE). A blank duration counts as not given: the
 * service's default applies.
 */
function durationInput(
	parameters: VideoParameters,
	mode: GenerationMode,
	model: VideoModel | undefined,
): Inputs {
	if (model?.duration.ignoredIn.includes(mode)) return {};
	if (parameters.automaticDuration === true) return { duration: AUTOMATIC_DURATION };
	const duration = parameters.duration;
	if (isBlank(duration)) return {};
	const seconds = readSeconds(duration);
	return { duration: seconds === null ? duration : `${seconds}s` };
}

/** sd sends a `resolution` preset, alt a `ratio`; modes that are automatic-only send the automatic value. */
function aspectInput(
	parameters: VideoParameters,
	mode: GenerationMode,
	model: VideoModel | undefined,
): Inputs {
	if (!model) return {};
	const { aspect } = model;
	if (aspect.ignoredIn.includes(mode)) return {};
	// Unified Generation API, § Video generation inputs: alt3.0-video-prime, ...: "edit and extend
	// always automatic (send adaptive)".
	const automatic = aspect.automatic.includes('adaptive') ? 'adaptive' : aspect.automatic[0];
	const value = aspect.automaticOnlyIn.includes(mode)
		? automatic
		: aspect.fixedRequiredIn.includes(mode)
			? parameters.referenceAspect
			: parameters.aspect;
	return value ? { [aspect.input]: value } : {};
}

/** A draft renders at its fixed tier; a draft value that is not a boolean goes to the rules. */
function resolutionInputs(parameters: VideoParameters): Inputs {
	const { draft, outputResolution } = parameters;
	if (draft === true) return { draft: true };
	return {
		...(draft === undefined || draft === false ? {} : { draft }),
		...(outputResolution ? { outputResolution } : {}),
	};
}

/**
 * The additional options that are set. With a draft the legacy upscale resolution is left out, as
 * its field is hidden then (like Output Resolution): Unified Generation API, § Draft to final
 * refuses it with a draft.
 */
function presentOnly(options: Inputs, draft: boolean): Inputs {
	return Object.fromEntries(
		Object.entries(options).filter(
			([name, value]) =>
				value !== undefined && value !== '' && !(draft && name === 'upscaleResolution'),
		),
	);
}

const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
