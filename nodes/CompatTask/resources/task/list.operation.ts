import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT_PATHS } from '../../../shared/transport/api/compat';
import { flatMapItems } from '../../../shared/execution/item-loop';
import { collectPages } from '../../helpers/paging';

/** The tasks of the credential's key, one output item each. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) => {
			const status = ctx.getNodeParameter('status', itemIndex, '') as string;
			return await collectPages(
				ctx,
				COMPAT_PATHS.tasks,
				status ? { 'filter.status': status } : {},
				itemIndex,
			);
		}),
	];
}
