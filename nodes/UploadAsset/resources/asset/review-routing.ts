import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { REVIEW_POLL, waitForReviews } from '../../../shared/assets/review';
import type { ReviewResult } from '../../../shared/assets/review';
import { assetItem } from '../../../shared/assets/outcomes';
import type { AssetOutcome } from '../../../shared/assets/outcomes';
import type { PollOptions } from '../../../shared/polling';
import { twoOutputWait, waitedItem } from '../../../shared/execution/wait-routing';
import type { WaitAll, WaitedItem, WaitLine } from '../../../shared/execution/wait-routing';
import { readWaitSettings } from '../../../settings/wait';

/** The review wait's settings, from the options of wait-for-review.fields.ts. */
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

/** The two-output wait's wait on reviews: each asset's record and outcome, as reviewedItem reads it. */
export function reviewWaits(ctx: IExecuteFunctions): WaitAll {
	return async (entries) =>
		(
			await waitForReviews(
				ctx,
				entries.map(({ id, itemIndex }) => ({ assetId: id, itemIndex })),
				readReviewPoll(ctx),
			)
		).map(reviewedItem);
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
	const lines = outcomes.map((outcome): WaitLine => {
		if (outcome.error) return { item: assetItem(outcome), succeeded: false };
		// Review results have no `name`; the upload's fields stay.
		const base = assetItem(outcome).json;
		const { itemIndex, json } = outcome;
		if (json.status !== 'ACTIVE') return { id: String(json.assetId), itemIndex, base };
		const active = reviewedItem({ asset: json, outcome: 'succeeded' });
		return { item: waitedItem(itemIndex, base, active), succeeded: true };
	});
	return await twoOutputWait(lines, reviewWaits(ctx));
}
