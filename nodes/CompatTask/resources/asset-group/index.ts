import type { INodeProperties } from 'n8n-workflow';

const show = (operation: string) => ({
	show: { resource: ['assetGroup'], operation: [operation] },
});

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
	{
		displayName: 'Name',
		name: 'groupName',
		type: 'string',
		default: '',
		description: 'The name of the new asset group',
		required: true,
		displayOptions: show('create'),
	},
	{
		displayName: 'Description',
		name: 'groupDescription',
		type: 'string',
		default: '',
		description: 'Optional description of the group',
		displayOptions: show('create'),
	},
];
