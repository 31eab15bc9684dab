import type { INodeProperties } from 'n8n-workflow';

import { UPSCALE } from '../../../shared/catalog';
import { chosenByModel } from '../../../shared/fields/tool';

/** Upscale's own fields; batch options and the wait choice are the Create nodes' shared ones. */
export const upscaleProperties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'sourceType',
		description:
			'Where the video comes from: a public https URL, or a video asset uploaded with Upload Asset',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Binary Data',
				value: 'binary',
				description: 'A video of the input item: uploaded as an asset, reviewed, then upscaled',
			},
			{
				name: 'Uploaded Asset',
				value: 'asset',
				description: 'An ACTIVE video asset of this account',
			},
			{
				name: 'URL',
				value: 'url',
				description: 'Any https video URL, including one returned by Upload Asset',
			},
		],
		default: 'url',
	},
	...chosenByModel(
		{
			displayName: 'Video URL',
			name: 'sourceUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://example.com/clip.mp4',
			description: 'An https URL of an MP4, MOV or WebM video (at most 600 s and 200 MB)',
			displayOptions: { show: { sourceType: ['url'] } },
		},
		'videoUrl',
		'The https URL of the video to upscale, e.g. a resultUrl that the Create Video tool answered with',
	),
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
		displayOptions: { show: { sourceType: ['binary'] } },
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
