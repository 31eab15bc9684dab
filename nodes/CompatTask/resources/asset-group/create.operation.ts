import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { createGroup } from '../../../shared/transport/compat-api';
import { mapItems } from '../../../shared/execution/item-loop';

/** One group per item; an empty description is left out. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(ctx, async (itemIndex) => {
			const name = String(ctx.getNodeParameter('groupName', itemIndex, '') ?? '');
			const description = String(ctx.getNodeParameter('groupDescription', itemIndex, '') ?? '');
			return await createGroup(ctx, { name, ...(description ? { description } : {}) }, itemIndex);
		}),
	];
}
