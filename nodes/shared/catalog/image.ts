/** Image models (POST /jobs/createTask with an image `model`): enums, defaults, limits, prices. */
import { MB } from './units';
import type { Choice, EnumSpec, MediaLimits } from './types';

type ImageResolution = '1k' | '2k' | '4k';
type ImageQuality = 'medium' | 'high' | 'xhigh' | 'max';
type ImageOutputFormat = 'png' | 'jpeg' | 'webp';
type ImageInputName = 'prompt' | 'urls' | 'quality' | 'resolution' | 'aspectRatio' | 'outputFormat';

/** One cell of the price table: credits charged (discounted) and the undiscounted list price. */
interface ImagePrice {
	/** Absent on models without a quality setting. */
	quality?: ImageQuality;
	resolution: ImageResolution;
	charged: number;
	list: number;
}

type ImageFamily = 'gen-image' | 'nano-fruit' | 'dream';

/** One image model; `Id` keeps an entry's literal id, so the id type derives from the entries. */
export interface ImageModel<Id extends string = string> {
	id: Id;
	family: ImageFamily;
	name: string;
	description: string;
	/** Every `inputs` field this model accepts. */
	inputs: readonly ImageInputName[];
	maxResolution: ImageResolution;
	/** Present only on the models that have the setting. */
	quality?: EnumSpec<ImageQuality>;
	resolution: EnumSpec<ImageResolution>;
	aspectRatio: EnumSpec;
	outputFormat?: EnumSpec<ImageOutputFormat>;
	/** `urls` (image-to-image); one or more switches text-to-image to editing. */
	inputImages: MediaLimits;
	prices: readonly ImagePrice[];
}

const choices = <V extends string>(values: readonly V[]): Choice<V>[] =>
	values.map((value) => ({ value, name: value }));

function enumSpec<V extends string>(values: readonly V[], def: V): EnumSpec<V> {
	return { options: choices(values), default: def };
}

/** [resolution, charged, list] rows of one quality. */
function cells(
	quality: ImageQuality | undefined,
	rows: [ImageResolution, number, number][],
): ImagePrice[] {
	return rows.map(([resolution, charged, list]) => ({
		...(quality ? { quality } : {}),
		resolution,
		charged,
		list,
	}));
}

const GEN_ASPECTS = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const;
const NANO_ASPECTS = [...GEN_ASPECTS, '3:2', '2:3', '4:5', '5:4', '21:9'];
const DREAM_ASPECTS = [
	'1:1',
	'1:2',
	'2:1',
	'1:3',
	'3:1',
	'2:3',
	'3:2',
	'3:4',
	'4:3',
	'4:5',
	'5:4',
	'9:16',
	'16:9',
	'9:21',
	'21:9',
];
const RES_1K_4K = enumSpec<ImageResolution>(['1k', '2k', '4k'], '2k');
const FORMAT = enumSpec<ImageOutputFormat>(['png', 'jpeg', 'webp'], 'png');

/**
 * Input image requirements of gen-image-* and nano-fruit-*; Unified Generation API, § Image
 * generation inputs gives only the count for dream.
 */
const CHECKED_INPUTS: MediaLimits = {
	max: 10,
	accepts: ['https'],
	formats: ['jpeg', 'png', 'webp'],
	maxBytes: 50 * MB,
	shortSide: { min: 256, max: Number.POSITIVE_INFINITY },
	maxAspectRatio: 3,
};
const DREAM_INPUTS: MediaLimits = { max: 10, accepts: ['https'] };

/** What the families without a quality setting differ in: their aspect ratios and input images. */
const PLAIN_FAMILIES: Readonly<
	Record<
		Exclude<ImageFamily, 'gen-image'>,
		{ aspects: readonly string[]; inputImages: MediaLimits }
	>
> = {
	'nano-fruit': { aspects: NANO_ASPECTS, inputImages: CHECKED_INPUTS },
	dream: { aspects: DREAM_ASPECTS, inputImages: DREAM_INPUTS },
};

const GEN_25_PRICES = [
	...cells('medium', [
		['1k', 3, 5],
		['2k', 7, 10],
		['4k', 10, 15],
	]),
	...cells('high', [
		['1k', 13, 20],
		['2k', 23, 35],
		['4k', 40, 60],
	]),
	...cells('xhigh', [
		['1k', 23, 35],
		['2k', 37, 55],
		['4k', 67, 100],
	]),
	...cells('max', [
		['1k', 50, 75],
		['2k', 84, 125],
		['4k', 154, 230],
	]),
];

function genImage<Id extends string>(
	id: Id,
	name: string,
	qualities: ImageQuality[],
	prices: ImagePrice[],
): ImageModel<Id> {
	return {
		id,
		family: 'gen-image',
		name,
		description: `Up to 4k; quality ${qualities.join('/')}; PNG, JPEG or WebP output`,
		inputs: ['prompt', 'urls', 'quality', 'resolution', 'aspectRatio', 'outputFormat'],
		maxResolution: '4k',
		quality: enumSpec(qualities, 'medium'),
		resolution: RES_1K_4K,
		aspectRatio: enumSpec(GEN_ASPECTS, '1:1'),
		outputFormat: FORMAT,
		inputImages: CHECKED_INPUTS,
		prices,
	};
}

function plainImage<Id extends string>(
	own: Pick<
		ImageModel<Id>,
		'id' | 'name' | 'description' | 'maxResolution' | 'resolution' | 'prices'
	> & {
		family: keyof typeof PLAIN_FAMILIES;
	},
): ImageModel<Id> {
	const family = PLAIN_FAMILIES[own.family];
	return {
		...own,
		inputs: ['prompt', 'urls', 'resolution', 'aspectRatio'],
		// Unified Generation API, § Image generation inputs names no dream aspect default; 1:1 (its
		// first value) is our choice.
		aspectRatio: enumSpec(family.aspects, '1:1'),
		inputImages: family.inputImages,
	};
}

/** The image entries, in the order the model list shows them (registered in models.ts). */
export const IMAGE_MODEL_ENTRIES = [
	genImage(
		'gen-image-2.5-flare',
		'Gen Image 2.5 Flare',
		['medium', 'high', 'xhigh', 'max'],
		GEN_25_PRICES,
	),
	genImage(
		'gen-image-2.5-sunburst',
		'Gen Image 2.5 Sunburst',
		['medium', 'high', 'xhigh', 'max'],
		GEN_25_PRICES,
	),
	genImage(
		'gen-image-2',
		'Gen Image 2',
		['medium', 'high'],
		[
			...cells('medium', [
				['1k', 10, 15],
				['2k', 23, 35],
				['4k', 40, 60],
			]),
			...cells('high', [
				['1k', 47, 70],
				['2k', 84, 125],
				['4k', 154, 230],
			]),
		],
	),
	plainImage({
		id: 'nano-fruit-2',
		family: 'nano-fruit',
		name: 'Nano Fruit 2',
		description: 'Up to 4k; ten aspect ratios',
		maxResolution: '4k',
		resolution: RES_1K_4K,
		prices: cells(undefined, [
			['1k', 20, 30],
			['2k', 30, 45],
			['4k', 47, 70],
		]),
	}),
	plainImage({
		id: 'nano-fruit-pro',
		family: 'nano-fruit',
		name: 'Nano Fruit Pro',
		description: 'Up to 4k; ten aspect ratios',
		maxResolution: '4k',
		resolution: RES_1K_4K,
		prices: cells(undefined, [
			['1k', 40, 60],
			['2k', 40, 60],
			['4k', 74, 110],
		]),
	}),
	plainImage({
		id: 'dream-v5.0-lite',
		family: 'dream',
		name: 'Dream v5.0 Lite',
		description: '2k or 4k at one flat price; fifteen aspect ratios',
		maxResolution: '4k',
		resolution: enumSpec<ImageResolution>(['2k', '4k'], '2k'),
		prices: cells(undefined, [
			['2k', 7, 10],
			['4k', 7, 10],
		]),
	}),
	plainImage({
		id: 'dream-v5.0-pro',
		family: 'dream',
		name: 'Dream v5.0 Pro',
		description: '1k or 2k (no 4k); fifteen aspect ratios',
		maxResolution: '2k',
		resolution: enumSpec<ImageResolution>(['1k', '2k'], '1k'),
		prices: cells(undefined, [
			['1k', 10, 15],
			['2k', 20, 30],
		]),
	}),
] as const;
