import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'groupName',
		type: 'string',
		default: '',
		description: 'The name of the new asset group',
		required: true,
	},
	{
		displayName: 'Description',
		name: 'groupDescription',
		type: 'string',
		default: '',
		description: 'Optional description of the group',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['assetGroup'], operation: ['create'] } },
	properties,
);
