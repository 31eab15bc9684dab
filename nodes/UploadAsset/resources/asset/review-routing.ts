import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { REVIEW_POLL, waitForReviews } from '../../../shared/assets/review';
import type { ReviewResult } from '../../../shared/assets/review';
import { assetItem } from '../../../shared/create/asset-outcomes';
import type { AssetOutcome } from '../../../shared/create/asset-outcomes';
import { readWaitSettings } from '../../../shared/fields/wait';
import type { PollOptions } from '../../../shared/polling';
import type { WaitedItem } from '../../../shared/execution/wait-routing';

/** The review wait's settings, from the options of review-fields.ts. */
export function readReviewPoll(ctx: IExecuteFunctions): PollOptions {
	return readWaitSettings(ctx, REVIEW_POLL).poll;
}

/** What a review adds to its item: output 1 (Active) for usable assets, else output 2 with failReason and the reason. */
export function reviewedItem(
	review: Pick<ReviewResult, 'asset' | 'outcome' | 'reason'>,
): WaitedItem {
	const json: IDataObject = {
		...review.asset,
		outcome: review.outcome,
		...(review.reason ? { error: review.reason } : {}),
	};
	if (review.outcome !== 'succeeded') json.failReason = review.asset.failReason ?? null;
	return { json, succeeded: review.outcome === 'succeeded' };
}

/**
 * Upload with Wait for Review: waits on the reviews of all created assets together (alt-family
 * uploads answer ACTIVE at once), then routes each; an item whose upload failed goes to Not Active
 * with its error. Outcomes come in item order, so each output lists its items in that order.
 */
export async function routeUploads(
	ctx: IExecuteFunctions,
	outcomes: AssetOutcome[],
): Promise<INodeExecutionData[][]> {
	const outputs: INodeExecutionData[][] = [[], []];
	const inReview = outcomes.filter(({ error, json }) => !error && json.status !== 'ACTIVE');
	const assets = inReview.map(({ itemIndex, json }) => ({
		itemIndex,
		assetId: String(json.assetId),
	}));
	const reviews = await waitForReviews(ctx, assets, readReviewPoll(ctx));
	const reviewOf = new Map(inReview.map((outcome, index) => [outcome, reviews[index]]));
	for (const outcome of outcomes) {
		if (outcome.error) {
			outputs[1].push(assetItem(outcome));
			continue;
		}
		// Review results have no `name`; the upload's fields stay.
		const { json, succeeded } = reviewedItem(
			reviewOf.get(outcome) ?? { asset: outcome.json, outcome: 'succeeded' },
		);
		outputs[succeeded ? 0 : 1].push({
			json: { ...assetItem(outcome).json, ...json },
			pairedItem: { item: outcome.itemIndex },
		});
	}
	return outputs;
}
