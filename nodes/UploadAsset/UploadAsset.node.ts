import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { readmeSection } from '../shared/fields/docs';
import { simplifyField } from '../settings/simplify';
import { pickedSubtitle } from '../shared/fields/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import type { OperationLoader } from '../shared/execution/operations';
import { runOperation } from '../shared/execution/operations';
import * as asset from './resources/asset';
import { runAsNodeOrTool } from '../shared/tool/aware';
import { readToolAnswer, toolDescriptionsPerOperation } from '../settings/tool';
// registers the node's words for its fields in errors (shared/errors/field-labels.ts)
import './field-labels';

/** Each operation's code, loaded at its first run (n8n reads every node's description at start-up). */
const OPERATIONS: Record<string, OperationLoader> = {
	upload: async () => await import('./resources/asset/upload.operation'),
	getStatus: async () => await import('./resources/asset/get-status.operation'),
	list: async () => await import('./resources/asset/list.operation'),
	waitForReview: async () => await import('./resources/asset/wait-for-review.operation'),
};

/** The main action first: the node picker lists actions in this order. */
const OPERATION: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	description: 'What to do with assets',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Upload',
			value: 'upload',
			action: 'Upload an asset',
			description: 'Upload a file from binary data or a public URL',
		},
		{
			name: 'Get Status',
			value: 'getStatus',
			action: 'Get the status of an asset',
			description: 'Read the review status of each asset once',
		},
		{
			name: 'List',
			value: 'list',
			action: 'List assets',
			description: 'List uploaded assets, filtered by type and status',
		},
		{
			name: 'Wait for Review',
			value: 'waitForReview',
			action: 'Wait for the review of assets',
			description: 'Wait on the assets of all items together until each is ACTIVE or FAILED',
		},
	],
	default: 'upload',
};

/** What the model reads about the tool, per operation. */
const TOOL_DESCRIPTIONS = toolDescriptionsPerOperation({
	upload:
		'Uploads one image, video or audio file from the public https URL you give as a media asset of the account (free), so that video models can use it as a reference. Answers with the asset id, its assetUri (use it as a reference URL) and its review status; an asset still PROCESSING cannot be used yet.',
	getStatus: 'Reads the review status of media assets of the account by their asset IDs (free).',
	list: 'Lists the media assets of the account (free), filtered as set in this tool.',
	waitForReview:
		"Waits, for a limited time, for media assets of the account to pass review (free): answers with each asset's status, ACTIVE or FAILED.",
});

export class UploadAsset implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Upload Asset',
		name: 'uploadAsset',
		icon: {
			light: 'file:../../icons/uploadAsset.svg',
			dark: 'file:../../icons/uploadAsset.dark.svg',
		},
		group: ['transform'],
		documentationUrl: readmeSection('upload-asset'),
		// 2: starts on Automatic (the item's file, else the URL), waits for the review, Simplify
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: pickedSubtitle([OPERATION], ['operation']),
		description:
			'Upload media assets for the Unified Generation API, read their review status, list them or wait for their review',
		defaults: { name: 'Upload Asset' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// The outputs follow the operation (see outputsOf below).
		outputs: `={{(${outputsOf})($parameter.operation, $parameter.waitForReview)}}`,
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		properties: [...TOOL_DESCRIPTIONS, OPERATION, ...asset.description, simplifyField()],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runAsNodeOrTool(this, run, () => readToolAnswer(this), {
			continueOnFail: this.continueOnFail(),
		});
	}
}

/** Upload Asset's run: the operation, then Simplify. */
async function run(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = ctx.getNodeParameter('operation', 0);
	const output = await runOperation(ctx, OPERATIONS, operation);
	if (ctx.getNodeParameter('simplify', 0, false) !== true) return output;
	const { ASSET_SIMPLE, simplifyAssetList, simplifyItem } =
		await import('../shared/output/simplify');
	return output.map((items) =>
		items.map((item) =>
			operation === 'list' ? simplifyAssetList(item) : simplifyItem(item, ASSET_SIMPLE),
		),
	);
}

/**
 * Evaluated by n8n from its source text (so it must stay self-contained): waiting for reviews
 * (the operation, or Upload with Wait for Review) has Active and Not Active (a label short enough for the canvas).
 */
function outputsOf(operation: string, waitForReview: boolean) {
	const waits = operation === 'waitForReview' || (operation === 'upload' && waitForReview === true);
	const names = waits ? ['Active', 'Not Active'] : ['Assets'];
	return names.map((displayName) => ({ type: 'main', displayName }));
}
