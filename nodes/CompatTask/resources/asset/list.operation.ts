import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { flatMapItems } from '../../helpers/items';
import { groupLocator, readLocator } from '../../helpers/locators';
import { collectPages, pagingFields } from '../../helpers/paging';

const show = { resource: ['asset'], operation: ['list'] };

export const properties: INodeProperties[] = [
	{ ...groupLocator({ show }, false), description: 'Only the assets of this group (leave empty for all)' },
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...COMPAT.assetStatuses.map((value) => ({ name: value, value }))],
		default: '',
		description: 'Only assets in this review state',
		displayOptions: { show },
	},
	...pagingFields('asset'),
];

/** The assets of the account, one output item each. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) => {
			const groupId = readLocator(ctx, 'groupId', itemIndex, false);
			const status = ctx.getNodeParameter('status', itemIndex, '') as string;
			const filters = { ...(groupId ? { groupId } : {}), ...(status ? { status } : {}) };
			return await collectPages(ctx, '/v1/assets', filters, itemIndex);
		}),
	];
}
