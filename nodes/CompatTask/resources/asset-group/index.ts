import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.fields';
import type { OperationLoader } from '../../../shared/execution/operations';

/** The Asset Group resource's fields and its operations' loaders (each operation's code is loaded at its first run). */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		description: 'What to do with asset groups',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['assetGroup'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an asset group',
				description: 'Create a group to hold assets',
			},
			{
				name: 'List',
				value: 'list',
				action: 'List asset groups',
				description: 'List the groups with their asset count',
			},
		],
		default: 'create',
	},
	...create.description,
];

/** Each operation's code, loaded at its first run (n8n reads this description at start-up). */
export const operations: Record<string, OperationLoader> = {
	create: async () => await import('./create.operation'),
	list: async () => await import('./list.operation'),
};
