import type { INodeProperties } from 'n8n-workflow';

import * as download from './download.fields';

/** The Asset Template resource's fields: description only (each operation's code is loaded at its first run). */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		description: 'What to do with the batch spreadsheet template',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['assetTemplate'] } },
		options: [
			{
				name: 'Download',
				value: 'download',
				action: 'Download the batch template',
				description: 'Download the spreadsheet template for Batch Create into binary data',
			},
		],
		default: 'download',
	},
	...download.description,
];
