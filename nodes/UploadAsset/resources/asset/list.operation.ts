import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { listAssets, withAssetUri } from '../../../shared/transport/unified-asset-api';
import { ASSETS } from '../../../shared/catalog';
import { readCursor, wantedCount } from '../../../settings/paging';
import { mapItems } from '../../../shared/execution/item-loop';

/**
 * One output item per input item: `items` (each with its assetUri) and `nextCursor` (kept when more
 * remain), like Wait For Task's relations. Pages of the largest size (50, Unified Generation API,
 * § Limits) are read following nextCursor until all (or `limit`) assets are read.
 */
/**
 * Unified Generation API, § GET /assets/list types the cursor as a number: a numeric text is sent
 * as one, anything else as given.
 */
function numericCursor(cursor: string | undefined): number | string | undefined {
	return cursor !== undefined && /^\d+$/.test(cursor) ? Number(cursor) : cursor;
}

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const { maxLimit } = ASSETS.list;
	return [
		await mapItems(ctx, async (itemIndex) => {
			const type = ctx.getNodeParameter('type', itemIndex, '') as string;
			const status = ctx.getNodeParameter('status', itemIndex, '') as string;
			const wanted = wantedCount(ctx, itemIndex);
			const items: IDataObject[] = [];
			let cursor: unknown = numericCursor(readCursor(ctx, itemIndex));
			let received = 0;
			do {
				const limit = Math.min(maxLimit, wanted - items.length);
				const page = await listAssets(
					ctx,
					{ type, status, limit, cursor: cursor as number | string | undefined },
					itemIndex,
				);
				items.push(...page.items.slice(0, limit).map(withAssetUri));
				received = page.items.length;
				cursor = page.nextCursor;
				// An empty page that still names a cursor would otherwise be asked for forever.
			} while (cursor !== null && cursor !== undefined && received > 0 && items.length < wanted);
			return { items, nextCursor: cursor ?? null };
		}),
	];
}
