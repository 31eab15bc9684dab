import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { listGroups, readPage } from '../../../shared/transport/compat-api';
import { flatMapItems } from '../../../shared/execution/item-loop';

/** Every group, one item each, with `assetCount` read from `_count.assets` (list answer only). */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) =>
			readPage(await listGroups(ctx, itemIndex)).records.map((group) => ({
				...group,
				assetCount: (group._count as { assets?: number } | undefined)?.assets ?? null,
			})),
		),
	];
}
