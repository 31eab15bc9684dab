import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.fields';

/** The Asset Group resource's fields: description only (each operation's code is loaded at its first run). */
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
