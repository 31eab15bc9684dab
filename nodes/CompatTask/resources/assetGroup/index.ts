import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { createGroup, listGroups, readPage } from '../../../shared/compat-api';
import { mapItems } from '../../../shared/item-loop';
import { flatMapItems } from '../../helpers/items';

const show = (operation: string) => ({ show: { resource: ['assetGroup'], operation: [operation] } });

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['assetGroup'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create an asset group', description: 'Create a group to hold assets' },
			{ name: 'List', value: 'list', action: 'List asset groups', description: 'List the groups with their asset count' },
		],
		default: 'create',
	},
	{
		displayName: 'Name',
		name: 'groupName',
		type: 'string',
		default: '',
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

async function create(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(ctx, async (itemIndex) => {
			const name = String(ctx.getNodeParameter('groupName', itemIndex, '') ?? '');
			const description = String(ctx.getNodeParameter('groupDescription', itemIndex, '') ?? '');
			return await createGroup(ctx, { name, ...(description ? { description } : {}) }, itemIndex);
		}),
	];
}

/** Every group, one item each, with `assetCount` read from `_count.assets` (list answer only). */
async function list(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) =>
			readPage(await listGroups(ctx, itemIndex)).records.map((group) => ({
				...group,
				assetCount: (group._count as { assets?: number } | undefined)?.assets ?? null,
			})),
		),
	];
}

export const operations = { create: { execute: create }, list: { execute: list } };
