import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { REVIEW_POLL } from '../../shared/assets/review';
import type { ReviewResult } from '../../shared/assets/review';
import { readWaitSettings } from '../../shared/fields/wait';
import type { PollOptions } from '../../shared/polling';

/** The review wait's settings, from the options of review-fields.ts. */
export function readReviewPoll(ctx: IExecuteFunctions): PollOptions {
	return readWaitSettings(ctx, REVIEW_POLL).poll;
}

/** Output 1 (Active) gets usable assets; output 2 (Not Active) the rest, with failReason and the reason. */
export function routeReview(
	outputs: INodeExecutionData[][],
	itemIndex: number,
	base: IDataObject,
	review: Pick<ReviewResult, 'asset' | 'outcome' | 'reason'>,
): void {
	const json: IDataObject = { ...base, ...review.asset, outcome: review.outcome, ...(review.reason ? { error: review.reason } : {}) };
	if (review.outcome !== 'succeeded') json.failReason = review.asset.failReason ?? null;
	outputs[review.outcome === 'succeeded' ? 0 : 1].push({ json, pairedItem: { item: itemIndex } });
}
