import { updateDisplayOptions } from 'n8n-workflow';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ASSETS, modelUploadIds } from '../../../shared/catalog';
import type { AssetType } from '../../../shared/catalog';
import { withShow } from '../../../shared/fields/grouping';
import { newDefault } from '../../../shared/fields/versions';
import { reviewWaitOptions } from './wait-for-review.fields';

const displayOptions = { show: { operation: ['upload'] } };

/** The catalog's asset types as options ('AUDIO' → Audio), in name order. */
export const assetTypeOptions = (Object.keys(ASSETS.types) as AssetType[])
	.sort()
	.map((type) => ({ name: type[0] + type.slice(1).toLowerCase(), value: type }));

/**
 * A field with a rule of its own lists the operation's rule first (as released): updateDisplayOptions
 * would add it after, and leaves a rule already there as it is.
 */
const properties: INodeProperties[] = [
	// A new node (version 2) starts from a URL: a new workflow has no binary data to upload yet.
	...newDefault(
		{
			displayName: 'Source',
			name: 'source',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Binary Data',
					value: 'binary',
					description: 'A file of the input item (multipart upload, streamed)',
				},
				{
					name: 'Public URL',
					value: 'url',
					description: 'A publicly reachable https URL the service fetches itself',
				},
			],
			default: 'binary',
			description: 'Where the file comes from',
			displayOptions,
		},
		'url',
	),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: "The name of the input item's binary field that holds the file",
		displayOptions: withShow(displayOptions, { source: ['binary'] }),
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/photo.png',
		description:
			'A public https URL of the image, video or audio file; the service fetches it itself',
		displayOptions: withShow(displayOptions, { source: ['url'] }),
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: assetTypeOptions,
		default: 'IMAGE',
		description: 'What the file at the URL is',
		displayOptions: withShow(displayOptions, { source: ['url'] }),
	},
	{
		displayName: 'For Model',
		name: 'forModel',
		description:
			'Which model the asset is for: an alt-family model takes its upload at once by https URL; the sd family and upscaling take a reviewed asset',
		type: 'options',
		options: [
			...modelUploadIds().map((alias) => ({
				name: alias,
				value: alias,
				description: `An ${alias} upload: ACTIVE at once, its https URL goes into that family's inputs`,
			})),
			{
				name: 'None (Reviewed Asset)',
				value: 'none',
				description:
					'An asset for the sd family and upscaling: reviewed, then usable as asset://&lt;providerAssetId&gt;',
			},
		],
		default: 'none',
		displayOptions: withShow(displayOptions, { source: ['binary'] }),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Optional name of the asset, at most 64 characters',
	},
	{
		displayName: 'Wait for Review',
		name: 'waitForReview',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until each asset is ACTIVE or FAILED; then the node has two outputs, Active and Not Active',
	},
	reviewWaitOptions({ ...displayOptions.show, waitForReview: [true] }),
];

export const description = updateDisplayOptions(displayOptions, properties);

export type UploadPlan =
	| { itemIndex: number; source: 'binary'; propertyName: string; model?: string; name?: string }
	| { itemIndex: number; source: 'url'; url: string; type: string; name?: string };

export function readUploadPlan(ctx: IExecuteFunctions, itemIndex: number): UploadPlan {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '') || undefined;
	if (ctx.getNodeParameter('source', itemIndex, 'binary') === 'url') {
		const url = String(ctx.getNodeParameter('url', itemIndex, '') ?? '').trim();
		return {
			itemIndex,
			source: 'url',
			url,
			type: ctx.getNodeParameter('type', itemIndex, 'IMAGE') as string,
			name,
		};
	}
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const forModel = ctx.getNodeParameter('forModel', itemIndex, 'none') as string;
	return {
		itemIndex,
		source: 'binary',
		propertyName,
		name,
		model: forModel === 'none' ? undefined : forModel,
	};
}
