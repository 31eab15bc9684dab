import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, eachItem, errorItem } from '../execution/item-loop';
import { UnreadableAnswerError } from '../tasks';
import { isOutcomeUnknown, notConfirmedError, notSentError } from '../errors';
import type { StoredWords } from '../paid-once/all-failed';
import { stopUnlessStored } from '../paid-once/replay';
import type { StoringRun } from '../paid-once/replay';

/**
 * What became of one input item of an operation that creates assets (Upload Asset; Compat Task's
 * Asset Create and Batch Create). Every output item says `assetCreated`: 'yes' (the asset exists
 * and its id is in the item), 'no' (nothing was sent, or the service clearly refused it) or
 * 'unknown' (no clear answer came: the asset may exist).
 */
type AssetCreated = 'yes' | 'no' | 'unknown';

export interface AssetOutcome {
	itemIndex: number;
	/** The asset as the service answered it, or what is known of the item (e.g. the entry sent). */
	json: IDataObject;
	created: AssetCreated;
	error?: Error;
}

export const createdAsset = (itemIndex: number, json: IDataObject): AssetOutcome => ({
	itemIndex,
	json,
	created: 'yes',
});

/** Nothing was sent for this item: its check failed, or the execution was stopped. */
const unsentAsset = (itemIndex: number, error: Error, json: IDataObject = {}): AssetOutcome => ({
	itemIndex,
	json,
	created: 'no',
	error,
});

/**
 * Checks every input item before any request: a refused item stops the node (nothing was sent),
 * or under Continue On Fail becomes its item's error with assetCreated "no".
 */
export async function checkEvery<T>(
	ctx: IExecuteFunctions,
	check: (itemIndex: number) => T | Promise<T>,
): Promise<{ ready: T[]; refused: AssetOutcome[] }> {
	const checked = await eachItem<{ plan: T } | { refused: AssetOutcome }>(
		ctx,
		async (itemIndex) => ({ plan: await check(itemIndex) }),
		(error, itemIndex) => ({ refused: unsentAsset(itemIndex, error) }),
	);
	const ready = checked.flatMap((entry) => ('plan' in entry ? [entry.plan] : []));
	const refused = checked.flatMap((entry) => ('refused' in entry ? [entry.refused] : []));
	return { ready, refused };
}

/** An item not sent because the execution was stopped before its turn. */
export function stoppedAsset(
	ctx: IExecuteFunctions,
	itemIndex: number,
	json: IDataObject = {},
): AssetOutcome {
	const error = notSentError(
		ctx.getNode(),
		'Not sent: the execution was stopped',
		'Nothing was created for this item.',
		itemIndex,
	);
	return unsentAsset(itemIndex, error, json);
}

/** A failed create request: only a clear refusal by the service may say that no asset was created. */
export function failedAsset(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndex: number,
	json: IDataObject = {},
): AssetOutcome {
	if (error instanceof UnreadableAnswerError) {
		const unconfirmed = notConfirmedError(ctx.getNode(), 'asset', error.message, itemIndex);
		return { itemIndex, json, created: 'unknown', error: unconfirmed };
	}
	return {
		itemIndex,
		json,
		created: isOutcomeUnknown(error) ? 'unknown' : 'no',
		error: asNodeError(ctx, error, itemIndex),
	};
}

/**
 * A batch entry by its result (`results[]` of POST /v1/assets/batch): `ok` created it, `error`
 * refused it; no result, or another status, leaves it unknown.
 */
export function batchEntryOutcome(
	ctx: IExecuteFunctions,
	itemIndex: number,
	json: IDataObject,
	result?: IDataObject,
): AssetOutcome {
	if (result?.status === 'ok') return createdAsset(itemIndex, json);
	const node = ctx.getNode();
	if (result?.status === 'error') {
		const reason =
			typeof result.error === 'string' && result.error
				? result.error
				: 'The service refused this entry';
		return {
			itemIndex,
			json,
			created: 'no',
			error: notSentError(node, reason, 'No asset was created for this entry.', itemIndex),
		};
	}
	const why = 'the batch answer has no readable result for this item';
	const error = notConfirmedError(node, 'asset', why, itemIndex);
	return { itemIndex, json, created: 'unknown', error };
}

const ASSET_WORDS: StoredWords = {
	why: 'assets were created, and re-running it would create them again',
	next: 'Assets exist or may exist: check the service\'s asset list before running the workflow again (a new run uploads them again). To get every item instead (with "error" and "assetCreated"), set the node\'s Settings → On Error → Continue.',
};

/**
 * Ends a batch of asset creates as the Create nodes end theirs (../paid-once/replay.ts): the
 * workflow stops only when no asset can exist; otherwise every item is returned and the node
 * warns. Returns whether any asset exists or may exist, so that n8n's re-runs get this output back.
 */
export function settleAssets(ctx: IExecuteFunctions, outcomes: AssetOutcome[]): boolean {
	const storedAny = outcomes.some((outcome) => outcome.created !== 'no');
	const failures = outcomes.flatMap(({ error, itemIndex }) =>
		error ? [{ itemIndex, error }] : [],
	);
	stopUnlessStored(ctx, failures, outcomes.length, storedAny, ASSET_WORDS);
	return storedAny;
}

/** The output item of an outcome: the asset (or what is known) with `assetCreated`, and its error. */
export function assetItem({ itemIndex, json, created, error }: AssetOutcome): INodeExecutionData {
	if (error) return errorItem(error, itemIndex, { ...json, assetCreated: created });
	return { json: { ...json, assetCreated: created }, pairedItem: { item: itemIndex } };
}

export const byItem = (a: { itemIndex: number }, b: { itemIndex: number }) =>
	a.itemIndex - b.itemIndex;

/** A single-output run of asset creates: every item in input order, settled as above. */
export function assetRun(ctx: IExecuteFunctions, outcomes: AssetOutcome[]): StoringRun {
	const sorted = [...outcomes].sort(byItem);
	return { storedAny: settleAssets(ctx, sorted), output: [sorted.map(assetItem)] };
}
