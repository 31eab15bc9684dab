import { updateDisplayOptions } from 'n8n-workflow';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ASSETS, MB, modelUploadIds } from '../../../shared/catalog';
import type { AssetType } from '../../../shared/catalog';
import { AUTO_SOURCE, autoSourceOf } from '../../../shared/assets/auto-source';
import { withShow } from '../../../shared/fields/grouping';
import { allowPrivateHostsField, progressNotice } from '../../../settings/wait';
import { newDefault, onVersions } from '../../../shared/fields/versions';
import { reviewWaitOptions } from './wait-for-review.fields';
import { chosenByModel, inTools, inWorkflows } from '../../../shared/fields/tool';

const displayOptions = { show: { operation: ['upload'] } };

/** The catalog's asset types as options ('AUDIO' → Audio), in name order. */
export const assetTypeOptions = (Object.keys(ASSETS.types) as AssetType[])
	.sort()
	.map((type) => ({ name: type[0] + type.slice(1).toLowerCase(), value: type }));

/** When to pick which Type: each type's formats and size cap, from the spec's upload table. */
function typeHelp(): string {
	const kinds = assetTypeOptions.map(({ name, value }) => {
		const { formats, maxBytes } = ASSETS.types[value];
		const listed = formats.map((format) => format.toUpperCase());
		const named = `${listed.slice(0, -1).join(', ')} or ${listed.at(-1)}`;
		return `${name}: ${named} up to ${maxBytes / MB} MB`;
	});
	return `What the file at the URL is, which the service needs to read it (a file from binary data is typed by its own bytes). ${kinds.join('; ')}.`;
}

const SOURCES = {
	auto: AUTO_SOURCE,
	binary: {
		name: 'Binary Data',
		value: 'binary',
		description: 'A file of the input item (multipart upload, streamed)',
	},
	url: {
		name: 'Public URL',
		value: 'url',
		description: 'A publicly reachable https URL the service fetches itself',
	},
};

/**
 * Where the file comes from, per version: 1 starts on Binary Data; 2 on Automatic, which uploads the
 * item's file when it carries one, else the URL (a new workflow has no file yet).
 */
function sourceFields(): INodeProperties[] {
	const source = (options: Array<keyof typeof SOURCES>, start: keyof typeof SOURCES) => ({
		displayName: 'Source',
		name: 'source',
		type: 'options' as const,
		noDataExpression: true,
		options: options.map((key) => SOURCES[key]),
		default: start,
		description: 'Where the file comes from',
		displayOptions,
	});
	return [
		onVersions(source(['binary', 'url'], 'binary'), { before: 2 }),
		onVersions(source(['auto', 'binary', 'url'], 'auto'), { since: 2 }),
	];
}

/**
 * On by default from version 2 in workflows, so the asset goes on ACTIVE (Create Video refuses one
 * still in review). Off in the tool: its caller gets the first output only, not Not Active.
 */
function waitForReviewFields(): INodeProperties[] {
	const field: INodeProperties = {
		displayName: 'Wait for Review',
		name: 'waitForReview',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until each asset is ACTIVE or FAILED; then the node has two outputs, Active and Not Active',
	};
	const [released, waits] = newDefault(field, true);
	return [released, inWorkflows(waits), inTools(onVersions(field, { since: 2 }))];
}

const MEDIA_URL_FOR_MODEL =
	'The public https URL of the image, video or audio file to upload as an asset, as the user gave it';

const URL_FIELD: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/photo.png',
	description:
		'A public https URL of the image, video or audio file; the service fetches it itself',
};

/**
 * A field with a rule of its own lists the operation's rule first (as released): updateDisplayOptions
 * would add it after, and leaves a rule already there as it is.
 */
const properties: INodeProperties[] = [
	...sourceFields(),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: "The name of the input item's binary field that holds the file",
		displayOptions: withShow(displayOptions, { source: ['binary', 'auto'] }),
	},
	...[
		{ ...URL_FIELD, required: true, displayOptions: withShow(displayOptions, { source: ['url'] }) },
		{
			...URL_FIELD,
			hint: 'Uploaded when the item has no file in the Input Binary Field',
			displayOptions: withShow(displayOptions, { source: ['auto'] }),
		},
	].flatMap((field) => chosenByModel(field, 'mediaUrl', MEDIA_URL_FOR_MODEL)),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: assetTypeOptions,
		default: 'IMAGE',
		description: typeHelp(),
		displayOptions: withShow(displayOptions, { source: ['url', 'auto'] }),
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
		displayOptions: withShow(displayOptions, { source: ['binary', 'auto'] }),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Optional name of the asset, at most 64 characters',
	},
	allowPrivateHostsField(withShow(displayOptions, { source: ['url', 'auto'] }), 'send'),
	...waitForReviewFields(),
	reviewWaitOptions({ ...displayOptions.show, waitForReview: [true] }),
	progressNotice('asset', { show: { ...displayOptions.show, waitForReview: [true] } }),
];

export const description = updateDisplayOptions(displayOptions, properties);

export type UploadPlan =
	| { itemIndex: number; source: 'binary'; propertyName: string; model?: string; name?: string }
	| {
			itemIndex: number;
			source: 'url';
			url: string;
			type: string;
			name?: string;
			/** Automatic found no file in this binary field, so the URL goes. */
			noFileIn?: string;
	  };

export function readUploadPlan(ctx: IExecuteFunctions, itemIndex: number): UploadPlan {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '') || undefined;
	const source = ctx.getNodeParameter('source', itemIndex, 'binary') as 'auto' | 'binary' | 'url';
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	if (
		source === 'url' ||
		(source === 'auto' && autoSourceOf(ctx, itemIndex, propertyName) === 'url')
	) {
		const url = String(ctx.getNodeParameter('url', itemIndex, '') ?? '').trim();
		return {
			itemIndex,
			source: 'url',
			url,
			type: ctx.getNodeParameter('type', itemIndex, 'IMAGE') as string,
			name,
			...(source === 'auto' ? { noFileIn: propertyName } : {}),
		};
	}
	const forModel = ctx.getNodeParameter('forModel', itemIndex, 'none') as string;
	return {
		itemIndex,
		source: 'binary',
		propertyName,
		name,
		model: forModel === 'none' ? undefined : forModel,
	};
}
