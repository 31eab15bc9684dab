import type { INodeProperties } from 'n8n-workflow';
import type { OperationLoader } from '../../../shared/execution/operations';

/** The Balance resource's fields and its operations' loaders (each operation's code is loaded at its first run). */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		description: 'What to do with the balance',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['balance'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get the balance',
				description: 'Read the balance and the markup rate',
			},
		],
		default: 'get',
	},
];

/** Each operation's code, loaded at its first run (n8n reads this description at start-up). */
export const operations: Record<string, OperationLoader> = {
	get: async () => await import('./get.operation'),
};
