import type { INodeProperties } from 'n8n-workflow';

import * as batchCreate from './batch-create.fields';
import * as create from './create.fields';
import * as deleteOperation from './delete.fields';
import * as get from './get.fields';
import * as list from './list.fields';
import * as waitForReview from './wait-for-review.fields';
import type { OperationLoader } from '../../../shared/execution/operations';

/** The Asset resource's fields and its operations' loaders (each operation's code is loaded at its first run). */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		description: 'What to do with assets',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['asset'] } },
		// Alphabetical, as n8n's Cloud rules require of five or more options; the default is the main one.
		options: [
			{
				name: 'Batch Create',
				value: 'batchCreate',
				action: 'Create assets in a batch',
				description: 'Upload many assets: from the input items or a spreadsheet',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create an asset',
				description: 'Upload an image or video by URL for review',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an asset',
				description: 'Soft-delete: submitted tasks are unaffected',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an asset',
				description: 'Read an asset and its review status',
			},
			{
				name: 'List',
				value: 'list',
				action: 'List assets',
				description: 'List assets by group and status',
			},
			{
				name: 'Wait for Review',
				value: 'waitForReview',
				action: 'Wait for asset review',
				description: 'Wait until each asset is Active or Failed',
			},
		],
		default: 'create',
	},
	...batchCreate.description,
	...create.description,
	...deleteOperation.description,
	...get.description,
	...list.description,
	...waitForReview.description,
];

/** Each operation's code, loaded at its first run (n8n reads this description at start-up). */
export const operations: Record<string, OperationLoader> = {
	batchCreate: async () => await import('./batch-create.operation'),
	create: async () => await import('./create.operation'),
	delete: async () => await import('./delete.operation'),
	get: async () => await import('./get.operation'),
	list: async () => await import('./list.operation'),
	waitForReview: async () => await import('./wait-for-review.operation'),
};
