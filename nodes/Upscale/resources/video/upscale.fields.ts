import type { INodeProperties } from 'n8n-workflow';

import { UPSCALE } from '../../../shared/catalog';
import { AUTO_SOURCE } from '../../../shared/assets/auto-source';
import { chosenByModel } from '../../../shared/fields/tool';
import { onVersions } from '../../../shared/fields/versions';

/** Upscale's own fields; batch options and the wait choice are the Create nodes' shared ones. */
const SOURCE: INodeProperties = {
	displayName: 'Source',
	name: 'sourceType',
	description:
		'Where the video to upscale comes from: a file of the input item, a video asset of this account, or an https URL the service downloads',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Binary Data',
			value: 'binary',
			description:
				"The input item's video file: uploaded as an asset first, which must pass the service's review before the upscale is sent (the review adds its wait)",
		},
		{
			name: 'Uploaded Asset',
			value: 'asset',
			description:
				'A video asset of this account that passed review (ACTIVE), e.g. from Upload Asset: nothing is uploaded',
		},
		{
			name: 'URL',
			value: 'url',
			description:
				'An https video URL the service downloads itself, e.g. a resultUrl of Create Video or the URL Upload Asset returns',
		},
	],
	default: 'url',
};

const VIDEO_URL: INodeProperties = {
	displayName: 'Video URL',
	name: 'sourceUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/clip.mp4',
	description: 'An https URL of an MP4, MOV or WebM video (at most 600 s and 200 MB)',
};

const VIDEO_URL_FOR_MODEL =
	'The https URL of the video to upscale, e.g. a resultUrl that the Create Video tool answered with';

/** Version 1 starts on URL; version 2 on Automatic (the item's video when it carries one, else the URL). */
export const upscaleProperties: INodeProperties[] = [
	onVersions(SOURCE, { before: 2 }),
	onVersions(
		{ ...SOURCE, options: [AUTO_SOURCE, ...(SOURCE.options ?? [])], default: AUTO_SOURCE.value },
		{ since: 2 },
	),
	...[
		{ ...VIDEO_URL, required: true, displayOptions: { show: { sourceType: ['url'] } } },
		{
			...VIDEO_URL,
			hint: 'Used when the item has no file in the Input Binary Field',
			displayOptions: { show: { sourceType: ['auto'] } },
		},
	].flatMap((field) => chosenByModel(field, 'videoUrl', VIDEO_URL_FOR_MODEL)),
	{
		displayName: 'Video Asset',
		name: 'asset',
		description:
			'The uploaded video asset to upscale: pick it from the list, or give its ID or URL',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchVideoAssets', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '12345',
				hint: 'The numeric assetId or the providerAssetId',
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'https://...',
				hint: 'The url of the asset',
			},
		],
		displayOptions: { show: { sourceType: ['asset'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: "The name of the input item's binary field that holds the video (MP4 or MOV, at most 50 MB to upload)",
		displayOptions: { show: { sourceType: ['binary', 'auto'] } },
	},
	{
		displayName: 'Target Resolution',
		name: 'targetResolution',
		description: "The resolution of the upscaled video; it must be higher than the source's",
		type: 'options',
		options: UPSCALE.targets.map(({ name, value, creditsPerSecond }) => ({
			name,
			value,
			description: `${creditsPerSecond} credits per second of source video (at least ${UPSCALE.minBilledSeconds} s billed); must be higher than the source`,
		})),
		default: '1080p',
	},
	{
		displayName: 'Additional Options',
		name: 'additionalOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: "Settings most tasks leave at the service's defaults",
		options: [
			{
				displayName: 'Callback URL',
				name: 'callBackUrl',
				type: 'string',
				default: '',
				description:
					"Called once when the task completes or fails (for example a Task Finished Trigger's URL)",
			},
		],
	},
];
