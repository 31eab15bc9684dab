import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { waitForReviews } from '../../../shared/assets/review';
import { routeWaits } from '../../../shared/execution/wait-routing';
import { readAssetId } from './asset-id';
import { readReviewPoll, reviewedItem } from './review-routing';

/** Waits on the assets of all items at once until each is ACTIVE or FAILED, or the timeout. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeWaits(ctx, {
		readId: (itemIndex) => readAssetId(ctx, itemIndex),
		waitAll: async (entries) =>
			(
				await waitForReviews(
					ctx,
					entries.map(({ id, itemIndex }) => ({ assetId: id, itemIndex })),
					readReviewPoll(ctx),
				)
			).map(reviewedItem),
	});
}
