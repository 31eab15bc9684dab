import type { INodeProperties } from 'n8n-workflow';

import { VIDEO_MODELS } from '../../../shared/catalog';
import type { VideoModel } from '../../../shared/catalog';
import {
	modelSelector,
	modeSelector,
	promptProperty,
	VIDEO_PROMPT_EXAMPLE,
	VIDEO_PROMPT_FOR_MODEL,
} from '../../../settings/generation';
import { chosenByModel } from '../../../shared/fields/tool';
import { perModel } from '../../../shared/fields/grouping';
import { onVersions } from '../../../shared/fields/versions';
import { MODE_LABELS, modesWhere, nodeModes, shownIn } from './modes';
import {
	binaryMediaField,
	frameField,
	frameModes,
	listModes,
	mediaListField,
} from './media.fields';
import type { VideoNodeMode } from './modes';
import { VIDEO_PARAMETER } from './names';
import type { VideoParameterName } from './names';

const P = VIDEO_PARAMETER;

/**
 * Create Video's model-dependent fields, built from the catalog: every model shows only the
 * modes, media inputs, durations, aspect values and output resolutions it accepts.
 */
export function videoProperties(): INodeProperties[] {
	return [
		modelSelector(VIDEO_MODELS, 'sd2.5'),
		...perModel(VIDEO_MODELS, videoModeSelector),
		...[true, false]
			.flatMap((required) => perModel(VIDEO_MODELS, (model) => promptField(model, required)))
			.flatMap((prompt) => chosenByModel(prompt, 'prompt', VIDEO_PROMPT_FOR_MODEL)),
		...perModel(VIDEO_MODELS, promptKeeper),
		...([P.firstFrameUrl, P.lastFrameUrl] as const).flatMap((name) => [
			...perModel(VIDEO_MODELS, (model) => frameField(model, name)),
			...perModel(VIDEO_MODELS, () => binaryMediaField(name, frameModes(name))),
		]),
		...([P.urls, P.videoUrls, P.audioUrls] as const).flatMap((name) => [
			...perModel(VIDEO_MODELS, (model) => mediaListField(model, name)),
			...perModel(VIDEO_MODELS, (model) => binaryMediaField(name, listModes(model, name))),
		]),
		...perModel(VIDEO_MODELS, timestampsField),
		...perModel(VIDEO_MODELS, draftToggle),
		...perModel(VIDEO_MODELS, draftSourceField),
		...perModel(VIDEO_MODELS, automaticDurationToggle),
		...perModel(VIDEO_MODELS, durationField),
		...perModel(VIDEO_MODELS, (model) => aspectField(model, false)),
		...perModel(VIDEO_MODELS, oneAutomaticAspectField),
		...perModel(VIDEO_MODELS, (model) => aspectField(model, true)),
		...perModel(VIDEO_MODELS, outputResolutionField),
	];
}

function videoModeSelector(model: VideoModel): INodeProperties {
	return modeSelector(
		nodeModes(model).map((mode) => ({ value: mode, ...MODE_LABELS[mode] })),
		'textToVideo',
	);
}

/**
 * An option field's modes, written as the model's other modes to hide it in. When the model
 * changes, n8n's editor drops a value the new model's field does not offer only if that field counts
 * as shown for the values the node stores, and those leave out a default Generation Mode: with a
 * `show` on the mode the old value (an sd aspect on an alt model, 4K on alt) would stay, flagged.
 */
function hiddenOutside(model: VideoModel, modes: VideoNodeMode[]): Record<string, VideoNodeMode[]> {
	const others = nodeModes(model).filter((mode) => !modes.includes(mode));
	return others.length > 0 ? { [P.generationMode]: others } : {};
}

/**
 * The prompt twice, under one name (its text stays when the mode changes): marked required in the
 * modes where the model requires it, optional in its other modes (none in a final render).
 */
function promptField(model: VideoModel, required: boolean): INodeProperties | undefined {
	const requiredIn = model.params.prompt.requiredIn;
	const modes = modesWhere(
		model,
		(mode) => mode !== 'final' && requiredIn.includes(mode) === required,
	);
	if (modes.length === 0) return undefined;
	const description = `What to generate, at most ${model.params.prompt.maxLength} characters. Required for ${requiredIn.map((mode) => MODE_LABELS[mode].name).join(', ')}.`;
	return promptProperty(description, VIDEO_PROMPT_EXAMPLE, {
		...(required ? { required } : {}),
		displayOptions: shownIn(modes),
	});
}

/**
 * Final Render From Draft's note, under the prompt's name: the final reuses the draft's prompt and
 * sends none. n8n's editor drops the value of a field shown in no mode (a hidden-type field counts
 * as none), so without a field named `prompt` here a look at this mode would empty the Prompt.
 */
function promptKeeper(model: VideoModel): INodeProperties | undefined {
	if (!model.params.draft) return undefined;
	return {
		displayName:
			"The final render reuses the draft's prompt, media, duration, ratio, seed and audio setting: only the draft's Order ID is sent",
		name: 'prompt',
		type: 'notice',
		default: '',
		displayOptions: shownIn(['final']),
	};
}

function timestampsField(model: VideoModel): INodeProperties | undefined {
	const modes = model.params.sourceFrameTimestampsIn;
	if (modes.length === 0) return undefined;
	return {
		displayName: 'Source Frame Timestamps (Ms)',
		name: P.sourceFrameTimestamps,
		type: 'string',
		default: '',
		placeholder: '0, 1500',
		description:
			'One non-negative millisecond timestamp of the source video per reference image, comma-separated or one per line',
		displayOptions: shownIn([...modes]),
	};
}

function draftToggle(model: VideoModel): INodeProperties | undefined {
	const draft = model.params.draft;
	if (!draft) return undefined;
	const description = `Whether to render a cheap native ${draft.tier} draft first; turn it into a ${draft.finalTier} final within ${draft.lifetimeDays} days with the "Final Render From Draft" mode and its orderId`;
	return toggle('Draft', P.draft, description, [...draft.modes]);
}

/** An on/off field, off by default. */
function toggle(
	displayName: string,
	name: VideoParameterName,
	description: string,
	modes: VideoNodeMode[],
): INodeProperties {
	return {
		displayName,
		name,
		type: 'boolean',
		default: false,
		description,
		displayOptions: shownIn(modes),
	};
}

function draftSourceField(model: VideoModel): INodeProperties | undefined {
	if (!model.params.draft) return undefined;
	return {
		displayName: 'Draft Order ID',
		name: P.draftSourceOrderId,
		type: 'string',
		default: '={{ $json.orderId }}',
		required: true,
		description:
			'The orderId (not the taskId) of a completed draft of this account, at most 7 days old',
		displayOptions: shownIn(['final']),
	};
}

/** Modes where the model takes a duration (not the final, not an sd2.5 edit that follows its source). */
const durationModes = (model: VideoModel) =>
	modesWhere(model, (mode) => mode !== 'final' && !model.duration.ignoredIn.includes(mode));

/**
 * The automatic duration (-1) of the Unified Generation API: only on models whose catalog allows it
 * (never alt).
 */
function automaticDurationToggle(model: VideoModel): INodeProperties | undefined {
	if (!model.duration.smart) return undefined;
	// Inferred: the parameter table shows no -1; only the alt section and DURATION_OUT_OF_RANGE ("alt family has no smart duration (-1)") imply the sd family has it.
	const description =
		"Whether the model chooses the video's length. On: the model picks the length and so the price, which is unknown before sending (estimatedCredits is empty; a Budget or Daily Credit Cap refuses the item). Off: the video is Duration long, at a price known before sending. On sends duration -1s, which the service's parameter table does not list; its alt-family notes imply the sd family accepts it.";
	return toggle('Automatic Length', P.automaticDuration, description, durationModes(model));
}

/**
 * A list of the model's whole seconds rather than a number box: n8n's editor resets an option value
 * that the newly picked model does not offer to that model's default, and keeps a number as it is
 * (sd2.5's 25 s would stay on sd2, whose range ends at 15).
 */
function durationField(model: VideoModel): INodeProperties {
	const { range, default: seconds, smart } = model.duration;
	const hide = {
		...hiddenOutside(model, durationModes(model)),
		...(smart ? { [P.automaticDuration]: [true] } : {}),
	};
	const values = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
	return {
		displayName: 'Duration (Seconds)',
		name: P.duration,
		type: 'options',
		options: values.map((value) => ({ name: String(value), value })),
		default: seconds,
		description: `Length of the output from ${range.min} to ${range.max} whole seconds (for Extend: the length of the new part)`,
		displayOptions: { hide },
	};
}

/** Alt models take two values that both mean "the model chooses" (`auto`, `adaptive`). */
const twoAutomatic = (model: VideoModel) => model.aspect.automatic.length > 1;

/**
 * The aspect field. Where the model takes two automatic values, version 1 lists both
 * (saved workflows may hold either); version 2 lists one (oneAutomaticAspectField).
 */
function aspectField(model: VideoModel, fixed: boolean): INodeProperties | undefined {
	const field = aspectProperty(model, fixed, model.aspect.options);
	if (!field || fixed || !twoAutomatic(model)) return field;
	return onVersions(field, { before: 2 });
}

/** Version 2: one "Automatic" option, the value the model's default sends (alt: `adaptive`). */
function oneAutomaticAspectField(model: VideoModel): INodeProperties | undefined {
	if (!twoAutomatic(model)) return undefined;
	const { automatic, default: preset } = model.aspect;
	const options = model.aspect.options.flatMap((option) => {
		if (!automatic.includes(option.value)) return [option];
		if (option.value !== preset) return [];
		return [{ value: option.value, name: 'Automatic', description: 'The model chooses' }];
	});
	const field = aspectProperty(model, false, options);
	return field && onVersions(field, { since: 2 });
}

/** Reference-style modes that need a fixed aspect get their own field without the automatic values. */
function aspectProperty(
	model: VideoModel,
	fixed: boolean,
	offered: VideoModel['aspect']['options'],
): INodeProperties | undefined {
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
	const options = offered.filter((option) => !fixed || !aspect.automatic.includes(option.value));
	const label = aspect.input === 'ratio' ? 'Aspect Ratio' : 'Aspect Preset';
	const preset = fixed ? options[0].value : aspect.default;
	return {
		displayName: label,
		name: fixed ? P.referenceAspect : P.aspect,
		type: 'options',
		options: options.map(({ name, value, description }) => ({ name, value, description })),
		default: preset,
		description: aspectHelp(label, fixed),
		displayOptions: { hide: hiddenOutside(model, modes) },
	};
}

/** What the aspect field does; the sd family names its aspect ratios by preset sizes. */
function aspectHelp(label: string, fixed: boolean): string {
	const need = fixed ? '; this mode needs a fixed value' : '';
	if (label !== 'Aspect Preset') return `${label} of the output${need}`;
	const sizes = '1280x720 for landscape 16:9, 720x1280 for portrait 9:16 or 720x720 for square.';
	const choose = fixed ? `Pick ${sizes}` : `Auto lets the model choose; pick ${sizes}`;
	return `The shape of the video${need} (Output Resolution sets its size). ${choose}`;
}

function outputResolutionField(model: VideoModel): INodeProperties {
	const tier = model.defaultOutputResolution;
	return {
		displayName: 'Output Resolution',
		name: P.outputResolution,
		type: 'options',
		options: model.outputResolutions.map(({ name, value, native, description }) => ({
			name: native ? `${name} (Native)` : `${name} (Upscaled)`,
			value,
			description,
		})),
		default: tier,
		description:
			'The resolution of the video; Upscaled tiers are rendered lower and upscaled by the service (they cost more credits)',
		displayOptions: {
			hide: {
				...hiddenOutside(
					model,
					modesWhere(model, (mode) => mode !== 'final'),
				),
				// Only where this model has Draft: a Draft left on by another model must not hide it.
				...(model.params.draft ? { [P.draft]: [true] } : {}),
			},
		},
	};
}
