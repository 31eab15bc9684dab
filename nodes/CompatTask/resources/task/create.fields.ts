import { updateDisplayOptions } from 'n8n-workflow';
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { batchOptions } from '../../../settings/batch';
import { completionProperties } from '../../../settings/completion';
import { VIDEO_PROMPT_EXAMPLE, VIDEO_PROMPT_FOR_MODEL } from '../../../settings/generation';
import { withShow } from '../../../shared/fields/grouping';
import { chosenByModel } from '../../../shared/fields/tool';
import { newDefault } from '../../../shared/fields/versions';
import { compatWaitFields } from '../../helpers/wait-fields';

/** Media rows: type, source (URL / asset:// / Base64 data URI, or an image from a binary field) and role. */
function mediaField(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Media',
		name: 'media',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Media',
		default: {},
		description:
			'Images, videos and audio sent with the prompt; audio needs an image or a video too',
		displayOptions,
		options: [
			{
				displayName: 'Media',
				name: 'rows',
				// Sorted by name, as n8n's lint requires.
				values: [
					{
						displayName: 'Binary Field',
						name: 'binaryProperty',
						type: 'string',
						default: 'data',
						description: "The input item's binary field holding the image",
						displayOptions: { show: { source: ['binary'] } },
					},
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						options: [
							{ name: 'None (Service Default)', value: '' },
							...COMPAT.roleOptions.map(({ name, value, description }) => ({
								name,
								value,
								description,
							})),
						],
						default: '',
						description:
							'How the model uses this item: first/last frame, or a reference image, video or audio',
					},
					{
						displayName: 'Source',
						name: 'source',
						description:
							'Where this media item comes from: a URL or asset, or an image of the input item',
						type: 'options',
						options: [
							{ name: 'Binary Field (Image, Sent as Base64)', value: 'binary' },
							{ name: 'URL or Asset', value: 'url' },
						],
						default: 'url',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						description: 'What kind of media this item is',
						options: [
							{ name: 'Audio', value: 'audio_url' },
							{ name: 'Image', value: 'image_url' },
							{ name: 'Video', value: 'video_url', description: 'Version 2.0 models only' },
						],
						default: 'image_url',
					},
					{
						displayName: 'URL',
						name: 'url',
						type: 'string',
						default: '',
						placeholder: 'https://example.com/a.png or asset://asset_123',
						description:
							'A public URL, asset://&lt;officialId&gt; of an Active asset, or a Base64 data URI (images)',
						displayOptions: { show: { source: ['url'] } },
					},
				],
			},
		],
	};
}

const { min, max } = COMPAT.duration;

function optionsField(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: "Video settings; those not added keep the service's defaults",
		displayOptions,
		options: [
			{
				displayName: 'Automatic Duration',
				name: 'automaticDuration',
				type: 'boolean',
				default: false,
				description: 'Whether the model chooses the length (sends duration -1)',
			},
			{
				displayName: 'Duration (Seconds)',
				name: 'duration',
				type: 'number',
				typeOptions: { minValue: min, maxValue: max },
				default: 5,
				description: `Video length, ${min}-${max} s (service default 5)`,
			},
			{
				displayName: 'Generate Audio',
				name: 'generateAudio',
				type: 'boolean',
				default: true,
				description: 'Whether the video has sound (false gives a silent video)',
			},
			{
				displayName: 'Ratio',
				name: 'ratio',
				type: 'options',
				options: COMPAT.ratio.options.map(({ name, value }) => ({ name, value })),
				default: 'adaptive',
				description: 'Width to height of the video; Adaptive lets the model follow the input media',
			},
			{
				displayName: 'Resolution',
				name: 'resolution',
				type: 'options',
				options: COMPAT.resolution.options.map(({ name, value }) => ({ name, value })),
				default: '720p',
				description: 'The resolution of the video',
			},
			{
				displayName: 'Watermark',
				name: 'watermark',
				type: 'boolean',
				default: false,
				description: 'Whether the video carries a watermark',
			},
			{
				displayName: 'Web Search',
				name: 'webSearch',
				type: 'boolean',
				default: false,
				description:
					'Whether to enhance the prompt with a web search (text to video only: no media)',
			},
		],
	};
}

const displayOptions = { show: { resource: ['task'], operation: ['create'] } };

const batch = batchOptions('tasks');

/**
 * Fields with a rule of their own (Model ID, the versions' Model) list the operation's rule first,
 * and Media and Options take it where their displayOptions sit: as released.
 */
const properties: INodeProperties[] = [
	// A new node (version 2) starts on the catalog's first model, so its first run succeeds.
	...newDefault(
		{
			displayName: 'Model',
			name: 'model',
			type: 'options',
			options: [
				...COMPAT.models.map(({ name, value, description }) => ({
					name: `${name} (${value})`,
					value,
					description,
				})),
				{
					name: 'Other Model ID',
					value: 'custom',
					description: 'Any model ID the service accepts',
				},
			],
			default: 'custom',
			description: 'The video model; Other Model ID sends any model ID you type',
			displayOptions,
		},
		COMPAT.models[0].value,
	),
	{
		displayName: 'Model ID',
		name: 'customModel',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. video-2-0-260128',
		description: 'The model ID as the service names it',
		displayOptions: withShow(displayOptions, { model: ['custom'] }),
	},
	...chosenByModel(
		{
			displayName: 'Prompt',
			name: 'prompt',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			placeholder: VIDEO_PROMPT_EXAMPLE,
			description:
				'What the video shows; sent as the text item of content. Leave empty to send media only.',
		},
		'prompt',
		VIDEO_PROMPT_FOR_MODEL,
	),
	mediaField(displayOptions),
	optionsField(displayOptions),
	// The compat API shows no price, so a budget in credits could not be applied: it is left out.
	{ ...batch, options: batch.options?.filter((option) => option.name !== 'budget') },
	// Version 2 waits and downloads by default, as the Create nodes do.
	// no caps in its tool either: a cap needs a price (docs/agents.md)
	...compatWaitFields(completionProperties({ waitSince: 2, caps: false, sendsMedia: true })),
];

export const description = updateDisplayOptions(displayOptions, properties);
