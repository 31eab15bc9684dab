import type { INodeProperties } from 'n8n-workflow';

import { VIDEO_MODELS } from '../catalog';
import type { MediaArrayName, VideoModel } from '../catalog';
import { perModel } from './grouping';
import { ARRAY_MODES, MODE_LABELS, modesWhere, nodeModes } from './video-modes';
import type { VideoNodeMode } from './video-modes';

/**
 * Create Video's model-dependent fields, built from the catalog: every model shows only the
 * modes, media inputs, durations, aspect values and output resolutions it accepts.
 */
export function videoProperties(): INodeProperties[] {
	return [
		modelSelector(),
		...perModel(VIDEO_MODELS, modeSelector),
		...perModel(VIDEO_MODELS, promptField),
		...perModel(VIDEO_MODELS, (model) => frameField(model, 'firstFrameUrl')),
		...perModel(VIDEO_MODELS, (model) => frameField(model, 'lastFrameUrl')),
		...(['urls', 'videoUrls', 'audioUrls'] as const).flatMap((name) =>
			perModel(VIDEO_MODELS, (model) => mediaListField(model, name)),
		),
		...perModel(VIDEO_MODELS, timestampsField),
		...perModel(VIDEO_MODELS, draftToggle),
		...perModel(VIDEO_MODELS, draftSourceField),
		...perModel(VIDEO_MODELS, durationField),
		...perModel(VIDEO_MODELS, (model) => aspectField(model, false)),
		...perModel(VIDEO_MODELS, (model) => aspectField(model, true)),
		...perModel(VIDEO_MODELS, outputResolutionField),
	];
}

function modelSelector(): INodeProperties {
	return {
		displayName: 'Model',
		name: 'model',
		type: 'options',
		noDataExpression: true,
		options: VIDEO_MODELS.map(({ id, name, description }) => ({ name, value: id, description })),
		default: 'sd2.5',
	};
}

function modeSelector(model: VideoModel): INodeProperties {
	return {
		displayName: 'Generation Mode',
		name: 'generationMode',
		type: 'options',
		noDataExpression: true,
		options: nodeModes(model).map((mode) => ({ value: mode, ...MODE_LABELS[mode] })),
		default: 'textToVideo',
	};
}

const shownIn = (modes: VideoNodeMode[]) => ({ show: { generationMode: modes } });

function promptField(model: VideoModel): INodeProperties {
	const required = model.params.prompt.requiredIn;
	return {
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: `What to generate, at most ${model.params.prompt.maxLength} characters. Required for ${required.map((mode) => MODE_LABELS[mode].name).join(', ')}.`,
		displayOptions: shownIn(modesWhere(model, (mode) => mode !== 'final')),
	};
}

function urlHint(model: VideoModel, kind: 'images' | 'videos' | 'audios'): string {
	const accepts = model.references[kind].accepts;
	if (model.family === 'alt') return 'the https URL returned by Upload Asset for this model';
	return accepts.includes('https') ? 'an https URL or asset://<providerAssetId>' : 'asset://<providerAssetId> of an uploaded asset';
}

function frameField(model: VideoModel, name: 'firstFrameUrl' | 'lastFrameUrl'): INodeProperties {
	const first = name === 'firstFrameUrl';
	return {
		displayName: first ? 'First Frame Image URL' : 'Last Frame Image URL',
		name,
		type: 'string',
		default: '',
		required: true,
		description: `The ${first ? 'first' : 'last'} frame: ${urlHint(model, 'images')}`,
		displayOptions: shownIn(first ? ['firstFrame', 'keyframes'] : ['keyframes']),
	};
}

const LIST_LABELS: Record<MediaArrayName, { title: string; kind: 'images' | 'videos' | 'audios' }> = {
	urls: { title: 'Reference Image URLs', kind: 'images' },
	videoUrls: { title: 'Video URLs', kind: 'videos' },
	audioUrls: { title: 'Reference Audio URLs', kind: 'audios' },
};

function mediaListField(model: VideoModel, name: MediaArrayName): INodeProperties | undefined {
	const modes = ARRAY_MODES.filter((mode) => model.references.modes[mode][name].max > 0);
	if (modes.length === 0) return undefined;
	const { title, kind } = LIST_LABELS[name];
	const source = name === 'videoUrls' ? ' For Edit and Extend the first video is the source (Video 1).' : '';
	return {
		displayName: title,
		name,
		type: 'string',
		default: '',
		description: `Up to ${model.references[kind].max}, one per line or comma-separated (or an expression giving an array): ${urlHint(model, kind)}.${source}`,
		displayOptions: shownIn(modes),
	};
}

function timestampsField(model: VideoModel): INodeProperties | undefined {
	const modes = model.params.sourceFrameTimestampsIn;
	if (modes.length === 0) return undefined;
	return {
		displayName: 'Source Frame Timestamps (Ms)',
		name: 'sourceFrameTimestamps',
		type: 'string',
		default: '',
		placeholder: '0, 1500',
		description: 'One non-negative millisecond timestamp of the source video per reference image, comma-separated',
		displayOptions: shownIn([...modes]),
	};
}

function draftToggle(model: VideoModel): INodeProperties | undefined {
	const draft = model.params.draft;
	if (!draft) return undefined;
	return {
		displayName: 'Draft',
		name: 'draft',
		type: 'boolean',
		default: false,
		description: `Whether to render a cheap native ${draft.tier} draft first; turn it into a ${draft.finalTier} final within ${draft.lifetimeDays} days with the "Final Render From Draft" mode and its orderId`,
		displayOptions: shownIn([...draft.modes]),
	};
}

function draftSourceField(model: VideoModel): INodeProperties | undefined {
	if (!model.params.draft) return undefined;
	return {
		displayName: 'Draft Order ID',
		name: 'draftSourceOrderId',
		type: 'string',
		default: '={{ $json.orderId }}',
		required: true,
		description: 'The orderId (not the taskId) of a completed draft of this account, at most 7 days old',
		displayOptions: shownIn(['final']),
	};
}

function durationField(model: VideoModel): INodeProperties {
	const { range, default: seconds, ignoredIn } = model.duration;
	return {
		displayName: 'Duration (Seconds)',
		name: 'duration',
		type: 'number',
		typeOptions: { minValue: range.min, maxValue: range.max, numberPrecision: 0 },
		default: seconds,
		description: `Length of the output from ${range.min} to ${range.max} whole seconds (for Extend: the length of the new part)`,
		displayOptions: shownIn(modesWhere(model, (mode) => mode !== 'final' && !ignoredIn.includes(mode))),
	};
}

/** Reference-style modes that need a fixed aspect get their own field without the automatic values. */
function aspectField(model: VideoModel, fixed: boolean): INodeProperties | undefined {
	const { aspect } = model;
	const modes = modesWhere(
		model,
		(mode) =>
			mode !== 'final' &&
			!aspect.ignoredIn.includes(mode) &&
			!aspect.automaticOnlyIn.includes(mode) &&
			aspect.fixedRequiredIn.includes(mode) === fixed,
	);
	if (modes.length === 0) return undefined;
	const options = aspect.options.filter((option) => !fixed || !aspect.automatic.includes(option.value));
	const label = aspect.input === 'ratio' ? 'Aspect Ratio' : 'Aspect Preset';
	const preset = fixed ? options[0].value : aspect.default;
	return {
		displayName: label,
		name: fixed ? 'referenceAspect' : 'aspect',
		type: 'options',
		options: options.map(({ name, value, description }) => ({ name, value, description })),
		default: preset,
		description: fixed ? `${label} of the output; this mode needs a fixed value` : `${label} of the output`,
		displayOptions: shownIn(modes),
	};
}

function outputResolutionField(model: VideoModel): INodeProperties {
	const tier = model.defaultOutputResolution;
	return {
		displayName: 'Output Resolution',
		name: 'outputResolution',
		type: 'options',
		options: model.outputResolutions.map(({ name, value, native, description }) => ({
			name: native ? `${name} (Native)` : `${name} (Upscaled)`,
			value,
			description,
		})),
		default: tier,
		displayOptions: { ...shownIn(modesWhere(model, (mode) => mode !== 'final')), hide: { draft: [true] } },
	};
}
