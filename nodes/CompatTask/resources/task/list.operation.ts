import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { TASKS_PATH } from '../../../shared/compat-api';
import { flatMapItems } from '../../helpers/items';
import { collectPages } from '../../helpers/paging';

/** The tasks of the credential's key, one output item each. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) => {
			const status = ctx.getNodeParameter('status', itemIndex, '') as string;
			return await collectPages(ctx, TASKS_PATH, status ? { 'filter.status': status } : {}, itemIndex);
		}),
	];
}
