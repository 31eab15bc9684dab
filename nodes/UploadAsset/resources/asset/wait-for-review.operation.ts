import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeWaits } from '../../../shared/execution/wait-routing';
import { idFieldValue } from '../../../settings/ids';
import { reviewWaits } from './review-routing';
import { readAssetId } from './asset-id';

/** Waits on the assets of all items at once until each is ACTIVE or FAILED, or the timeout. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeWaits(ctx, {
		idValue: idFieldValue(ctx, 'assetId'),
		readId: (itemIndex) => readAssetId(ctx, itemIndex),
		waitAll: reviewWaits(ctx),
	});
}
