import type { INodeProperties } from 'n8n-workflow';

import * as download from './download.fields';
import type { OperationLoader } from '../../../shared/execution/operations';

/** The Asset Template resource's fields and its operations' loaders (each operation's code is loaded at its first run). */
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

/** Each operation's code, loaded at its first run (n8n reads this description at start-up). */
export const operations: Record<string, OperationLoader> = {
	download: async () => await import('./download.operation'),
};
