import { getVideoModel } from '../shared/catalog';
import type { VideoModel } from '../shared/catalog';
import type { VideoNodeMode } from '../shared/fields/video-modes';
import { toList, toNumberList } from '../shared/lists';
import type { CreateTaskRequest } from '../shared/rules';

/** The node's parameters for one item, as read from n8n (all optional: hidden fields are absent). */
export interface VideoParameters {
	model: string;
	generationMode: VideoNodeMode;
	prompt?: string;
	firstFrameUrl?: string;
	lastFrameUrl?: string;
	urls?: unknown;
	videoUrls?: unknown;
	audioUrls?: unknown;
	sourceFrameTimestamps?: unknown;
	draft?: boolean;
	draftSourceOrderId?: string;
	duration?: number;
	aspect?: string;
	referenceAspect?: string;
	outputResolution?: string;
	additionalOptions?: {
		seed?: number;
		generateAudio?: boolean;
		bitrateMode?: string;
		promptExtend?: boolean;
		upscaleResolution?: string;
		callBackUrl?: string;
	};
}

type Inputs = Record<string, unknown>;

/**
 * Turns the node's fields into the body of POST /jobs/createTask. It only translates; whether the
 * result is valid is for the rules to say (so a bad value gets the spec's code, not a silent fix).
 */
export function buildVideoRequest(parameters: VideoParameters): CreateTaskRequest {
	const model = getVideoModel(parameters.model);
	const options = parameters.additionalOptions ?? {};
	const callBack = options.callBackUrl?.trim() ? { callBackUrl: options.callBackUrl.trim() } : {};
	if (parameters.generationMode === 'final') {
		const draftSourceOrderId = String(parameters.draftSourceOrderId ?? '').trim();
		return { model: parameters.model, inputs: { draftSourceOrderId }, ...callBack };
	}
	const inputs: Inputs = {
		...promptInput(parameters.prompt),
		...mediaInputs(parameters, model),
		...durationInput(parameters, model),
		...aspectInput(parameters, model),
		...resolutionInputs(parameters),
		...optionInputs(options),
	};
	return { model: parameters.model, inputs, ...callBack };
}

function promptInput(prompt: string | undefined): Inputs {
	return prompt?.trim() ? { prompt } : {};
}

function lists(parameters: VideoParameters): Inputs {
	const entries = { urls: toList(parameters.urls), videoUrls: toList(parameters.videoUrls), audioUrls: toList(parameters.audioUrls) };
	return Object.fromEntries(Object.entries(entries).filter(([, list]) => list.length > 0));
}

function mediaInputs(parameters: VideoParameters, model: VideoModel | undefined): Inputs {
	const mode = parameters.generationMode;
	const frames = toList([parameters.firstFrameUrl, parameters.lastFrameUrl]);
	switch (mode) {
		case 'firstFrame':
			return { urls: frames.slice(0, 1), videoInputMode: 'keyframe' };
		case 'keyframes':
			return { urls: frames, videoInputMode: 'keyframe' };
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
				...(mode === 'edit' && timestamps.length > 0 ? { source_frame_timestamps_ms: timestamps } : {}),
			};
		}
		default:
			return {};
	}
}

function durationInput(parameters: VideoParameters, model: VideoModel | undefined): Inputs {
	if (parameters.duration === undefined) return {};
	if (model?.duration.ignoredIn.includes(parameters.generationMode as never)) return {};
	return { duration: `${parameters.duration}s` };
}

/** sd sends a `resolution` preset, alt a `ratio`; modes that are automatic-only send the automatic value. */
function aspectInput(parameters: VideoParameters, model: VideoModel | undefined): Inputs {
	if (!model) return {};
	const { aspect } = model;
	const mode = parameters.generationMode as never;
	if (aspect.ignoredIn.includes(mode)) return {};
	// Spec (alt): "edit and extend always automatic (send adaptive)".
	const automatic = aspect.automatic.includes('adaptive') ? 'adaptive' : aspect.automatic[0];
	const value = aspect.automaticOnlyIn.includes(mode)
		? automatic
		: aspect.fixedRequiredIn.includes(mode)
			? parameters.referenceAspect
			: parameters.aspect;
	return value ? { [aspect.input]: value } : {};
}

function resolutionInputs(parameters: VideoParameters): Inputs {
	if (parameters.draft) return { draft: true };
	return parameters.outputResolution ? { outputResolution: parameters.outputResolution } : {};
}

function optionInputs(options: NonNullable<VideoParameters['additionalOptions']>): Inputs {
	const { callBackUrl: _ignored, ...inputs } = options;
	return Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== undefined && value !== ''));
}
