import type { INodeProperties } from 'n8n-workflow';

/** The Balance resource's fields: description only (each operation's code is loaded at its first run). */
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
