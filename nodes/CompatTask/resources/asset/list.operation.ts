import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT_PATHS } from '../../../shared/transport/api/compat';
import { flatMapItems } from '../../../shared/execution/item-loop';
import { readLocator } from '../../helpers/locators';
import { collectPages } from '../../helpers/paging';

/** The assets of the account, one output item each. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) => {
			const groupId = readLocator(ctx, 'groupId', itemIndex, false);
			const status = ctx.getNodeParameter('status', itemIndex, '') as string;
			const filters = { ...(groupId ? { groupId } : {}), ...(status ? { status } : {}) };
			return await collectPages(ctx, COMPAT_PATHS.assets, filters, itemIndex);
		}),
	];
}
