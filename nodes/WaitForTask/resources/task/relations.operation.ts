import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readCursor, wantedCount } from '../../../settings/paging';
import { mapItems } from '../../../shared/execution/item-loop';
import { getRelations } from '../../../shared/transport/unified-api';

/**
 * The service's page size bound for relations (Unified Generation API, § GET /jobs/relations:
 * 1-50).
 */
const PAGE_SIZE = 50;

/**
 * One output item per input item: the relation with its finals, following nextCursor until all
 * (or `limit`) finals are read; nextCursor is kept when more remain.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const results = await mapItems(ctx, async (itemIndex) => {
		const orderId = String(ctx.getNodeParameter('orderId', itemIndex));
		const wanted = wantedCount(ctx, itemIndex);
		let page: IDataObject = {};
		let cursor = readCursor(ctx, itemIndex);
		const finals: IDataObject[] = [];
		do {
			const limit = Math.min(PAGE_SIZE, wanted - finals.length);
			page = await getRelations(ctx, { orderId, limit, cursor }, itemIndex);
			finals.push(...((page.finals as IDataObject[] | undefined) ?? []));
			cursor = (page.nextCursor as string | null | undefined) ?? undefined;
		} while (cursor && finals.length < wanted);
		return { ...page, finals, nextCursor: cursor ?? null };
	});
	return [results];
}
