import type { INodeProperties } from 'n8n-workflow';

import { IMAGE_MODELS, MB } from '../../../shared/catalog';
import type { Choice, ImageModel } from '../../../shared/catalog';
import {
	additionalOptions,
	callBackUrlOption,
	modelSelector,
	modeSelector,
	IMAGE_PROMPT_FOR_MODEL,
	promptProperty,
} from '../../../settings/generation';
import { perModel } from '../../../shared/fields/grouping';
import { chosenByModel } from '../../../shared/fields/tool';
import { IMAGE_MODES, IMAGE_MODE_LABELS, IMAGE_PARAMETER as P } from './names';
import { qualityHint, resolutionHint } from './prices';

/** The model an AI Agent or a new node gets with only a prompt: the cheapest full-featured one. */
const DEFAULT_IMAGE_MODEL = 'gen-image-2.5-flare';

/**
 * Create Image's fields, built from the catalog: each model shows only the settings it has
 * (quality, output format) with its own values and defaults (resolution, aspect ratio).
 */
export function imageProperties(): INodeProperties[] {
	return [
		modelSelector(IMAGE_MODELS, DEFAULT_IMAGE_MODEL, {
			description: 'The image model; every other field follows it. Each task makes one image.',
		}),
		modeSelector(
			IMAGE_MODES.map((mode) => ({ value: mode, ...IMAGE_MODE_LABELS[mode] })),
			'textToImage',
			{
				description: 'Text to Image, or Image to Image to edit or combine reference images',
			},
		),
		...chosenByModel(
			promptProperty(
				'What the image shows; for Image to Image, how to change the reference images',
				'e.g. A watercolor fox in a snowy forest, soft morning light',
				{ required: true },
			),
			'prompt',
			IMAGE_PROMPT_FOR_MODEL,
		),
		...perModel(IMAGE_MODELS, urlsField),
		imageBinariesField(),
		...perModel(IMAGE_MODELS, qualityField),
		...perModel(IMAGE_MODELS, resolutionField),
		...perModel(IMAGE_MODELS, aspectRatioField),
		...perModel(IMAGE_MODELS, outputFormatField),
		imagesPerItemField(),
		additionalOptions(P.additionalOptions, [callBackUrlOption]),
	];
}

const shownIn = (mode: (typeof IMAGE_MODES)[number]) => ({ show: { [P.generationMode]: [mode] } });

/**
 * Unified Generation API, § Image generation inputs states input image requirements for some
 * families only; each model's field says its own.
 */
function urlsField(model: ImageModel): INodeProperties {
	const { max, formats, maxBytes, shortSide, maxAspectRatio } = model.inputImages;
	const limits = formats
		? ` Each ${formats.map((format) => format.toUpperCase()).join('/')}, at most ${Math.round((maxBytes ?? 0) / MB)} MB, shortest side at least ${shortSide?.min ?? 0} px, aspect between 1:${maxAspectRatio} and ${maxAspectRatio}:1.`
		: '';
	return {
		displayName: 'Reference Image URLs',
		name: P.urls,
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: 'https://example.com/1.png\nhttps://example.com/2.png',
		// Not required: the images may come from binary fields instead (the node says so when both are empty).
		description: `1 to ${max} public https image URLs, one per line (or an expression giving an array); a comma is part of a URL, not a separator.${limits}`,
		displayOptions: shownIn('imageToImage'),
	};
}

/** Files of the input item (a photo from Google Drive): uploaded, reviewed, then sent by their https url. */
function imageBinariesField(): INodeProperties {
	return {
		displayName: 'Reference Image Binary Fields',
		name: P.imageBinaries,
		type: 'string',
		default: '',
		placeholder: 'data, data_1',
		description:
			'Binary fields of the input item to upload and use, comma-separated; they come before the URLs above and count toward the same 1-10 images. Each is uploaded once per item, however many images per item.',
		displayOptions: shownIn('imageToImage'),
	};
}

/** An n8n option list from catalog choices, with display names and hints. */
function choiceOptions(
	choices: readonly Choice[],
	label: (value: string) => string,
	hint?: (value: string) => string,
) {
	return choices.map(({ value }) => ({
		name: label(value),
		value,
		...(hint ? { description: hint(value) } : {}),
	}));
}

const QUALITY_NAMES: Record<string, string> = {
	medium: 'Medium',
	high: 'High',
	xhigh: 'Extra High',
	max: 'Max',
};
const FORMAT_NAMES: Record<string, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };
const upper = (value: string) => value.toUpperCase();
const named = (names: Record<string, string>) => (value: string) => names[value] ?? value;

function qualityField(model: ImageModel): INodeProperties | undefined {
	if (!model.quality) return undefined;
	const { options, default: preset } = model.quality;
	return {
		displayName: 'Quality',
		name: P.quality,
		type: 'options',
		options: choiceOptions(options, named(QUALITY_NAMES), (value) => qualityHint(model, value)),
		default: preset,
		description: 'Higher quality costs more credits',
	};
}

function resolutionField(model: ImageModel): INodeProperties {
	const { options, default: preset } = model.resolution;
	return {
		displayName: 'Resolution',
		name: P.resolution,
		type: 'options',
		options: choiceOptions(options, upper, resolutionHint(model)),
		default: preset,
		description: `Size tier of the image, up to ${upper(model.maxResolution)} on this model; the actual size may differ slightly`,
	};
}

function aspectRatioField(model: ImageModel): INodeProperties {
	const { options, default: preset } = model.aspectRatio;
	return {
		displayName: 'Aspect Ratio',
		name: P.aspectRatio,
		type: 'options',
		options: choiceOptions(options, (value) => value),
		default: preset,
		description: 'Width to height of the image',
	};
}

function outputFormatField(model: ImageModel): INodeProperties | undefined {
	if (!model.outputFormat) return undefined;
	const { options, default: preset } = model.outputFormat;
	return {
		displayName: 'Output Format',
		name: P.outputFormat,
		type: 'options',
		options: choiceOptions(options, named(FORMAT_NAMES)),
		default: preset,
		description:
			'File format of the image (JPEG and WebP are converted from the generated PNG without resizing)',
	};
}

function imagesPerItemField(): INodeProperties {
	return {
		displayName: 'Images per Item',
		name: P.imagesPerItem,
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description:
			'How many variants of the same request to make for each input item. Each is its own task (and its own charge) and its own output item, numbered by "variant".',
	};
}
