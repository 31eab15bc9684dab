import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ASSETS } from '../catalog';
import { DEFAULT_POLL, pollAll } from '../polling';
import { progressReporter } from '../polling/progress';
import type { Phase, PollOptions, PollOutcome } from '../polling';
import { isPermanentError } from '../transport/permanent';
import { assetStatus, withAssetUri } from '../transport/unified-asset-api';

const [, ACTIVE, FAILED] = ASSETS.statuses;

/** Reviews are short compared to renders: check every 2 s at first, at most every 10 s, 10 minutes in all. */
export const REVIEW_POLL: PollOptions = {
	...DEFAULT_POLL,
	intervalMs: 2_000,
	maxIntervalMs: 10_000,
	timeoutMs: 10 * 60_000,
};

interface ReviewedAsset {
	itemIndex: number;
	/** The numeric assetId (or providerAssetId) to check. */
	assetId: string;
}

/** What a review became: the asset (with assetUri) when ACTIVE, or why it is not usable. */
export interface ReviewResult {
	outcome: PollOutcome;
	asset: IDataObject;
	/** Set for every outcome but 'succeeded': the service's failReason, or why the wait ended. */
	reason?: string;
}

/**
 * Waits on the reviews of all assets together (GET /assets/status, which checks the latest review
 * result), with the same machinery as tasks: one deadline, bounded concurrency, stopped by the
 * execution's cancel signal. ACTIVE and FAILED are the terminal states.
 */
export async function waitForReviews(
	ctx: IExecuteFunctions,
	assets: readonly ReviewedAsset[],
	poll: PollOptions = REVIEW_POLL,
): Promise<ReviewResult[]> {
	const poller = {
		query: (id: string, index: number, deadline: number) =>
			assetStatus(ctx, id, assets[index].itemIndex, deadline),
		phase: (asset: IDataObject): Phase =>
			asset.status === ACTIVE ? 'succeeded' : asset.status === FAILED ? 'failed' : 'running',
		isPermanent: isPermanentError,
		observe: progressReporter(
			ctx,
			assets.map(({ assetId, itemIndex }) => ({ id: assetId, itemIndex })),
			'asset',
		),
	};
	const results = await pollAll(
		ctx,
		assets.map((asset) => asset.assetId),
		poller,
		poll,
	);
	return results.map((result, index) => {
		const asset = withAssetUri(result.last ?? { assetId: assets[index].assetId });
		if (result.outcome === 'succeeded') return { outcome: 'succeeded', asset };
		return {
			outcome: result.outcome,
			asset,
			reason: reviewFailure(result.outcome, asset, result.error, poll.timeoutMs),
		};
	});
}

function reviewFailure(
	outcome: PollOutcome,
	asset: IDataObject,
	error: Error | undefined,
	timeoutMs: number,
): string {
	const id = String(asset.assetId);
	switch (outcome) {
		case 'failed':
			return `The review of asset ${id} failed: ${typeof asset.failReason === 'string' && asset.failReason ? asset.failReason : 'no reason given'}`;
		case 'cancelled':
			return `The wait for the review of asset ${id} was stopped; read it later with Upload Asset > Get Status`;
		case 'error':
			return `The status of asset ${id} could not be read: ${error?.message ?? 'unknown error'}`;
		default:
			return `The review of asset ${id} did not finish within ${Math.round(timeoutMs / 1000)} s (last status ${String(asset.status ?? 'unknown')}); check it later with Upload Asset > Get Status`;
	}
}
