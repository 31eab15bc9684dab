import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { waitForReviews } from '../../../shared/assets/review';
import type { ReviewedAsset } from '../../../shared/assets/review';
import { asNodeError, errorItem } from '../../../shared/execution/item-loop';
import { readAssetId } from './index';
import { readReviewPoll, routeReview } from './review-routing';

/** Waits on the assets of all items at once until each is ACTIVE or FAILED, or the timeout. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const outputs: INodeExecutionData[][] = [[], []];
	const pending: ReviewedAsset[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			pending.push({ itemIndex, assetId: readAssetId(ctx, itemIndex) });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			outputs[1].push(errorItem(error as Error, itemIndex, items[itemIndex].json));
		}
	}
	const reviews = await waitForReviews(ctx, pending, readReviewPoll(ctx));
	reviews.forEach((review, index) =>
		routeReview(outputs, pending[index].itemIndex, items[pending[index].itemIndex].json, review),
	);
	return outputs;
}
