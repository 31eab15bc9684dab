import type { INodeProperties } from 'n8n-workflow';

import * as batchCreate from './batch.fields';
import * as create from './create.fields';
import * as deleteOperation from './delete.fields';
import * as get from './get.fields';
import * as list from './list.fields';
import * as waitForReview from './waitForReview.fields';

/** The Asset resource's fields: description only (each operation's code is loaded at its first run). */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		description: 'What to do with assets',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['asset'] } },
		// The main action first: the node picker lists actions in this order.
		// eslint-disable-next-line n8n-nodes-base/node-param-options-type-unsorted-items -- the main one first: the picker lists actions in this order
		options: [
			{ name: 'Create', value: 'create', action: 'Create an asset', description: 'Upload an image or video by URL for review' },
			{ name: 'Batch Create', value: 'batchCreate', action: 'Create assets in a batch', description: 'Upload many assets: from the input items or a spreadsheet' },
			{ name: 'Wait for Review', value: 'waitForReview', action: 'Wait for asset review', description: 'Wait until each asset is Active or Failed' },
			{ name: 'Get', value: 'get', action: 'Get an asset', description: 'Read an asset and its review status' },
			{ name: 'List', value: 'list', action: 'List assets', description: 'List assets by group and status' },
			{ name: 'Delete', value: 'delete', action: 'Delete an asset', description: 'Soft-delete: submitted tasks are unaffected' },
		],
		default: 'create',
	},
	...batchCreate.properties,
	...create.properties,
	...deleteOperation.properties,
	...get.properties,
	...list.properties,
	...waitForReview.properties,
];
