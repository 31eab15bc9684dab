import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isCancelled } from '../../../shared/execution/abort';
import { COMPAT } from '../../../shared/catalog';
import { readAllowPrivateHosts } from '../../../settings/wait';
import { unreachableJudge } from '../../../shared/transport/handed-urls';
import { refusedBeforeSending } from '../../../shared/errors';
import { batchAssets } from '../../../shared/transport/compat-api';
import {
	assetRun,
	batchEntryOutcome,
	checkEvery,
	failedAsset,
	stoppedAsset,
} from '../../../shared/assets/outcomes';
import type { AssetOutcome } from '../../../shared/assets/outcomes';
import type { StoringRun } from '../../../shared/paid-once/replay';
import { validateCompatAsset } from '../../../shared/rules';
import { assertVerdict } from '../../helpers/verdict';
import { readEntry } from './entry';

export interface Entry {
	itemIndex: number;
	entry: IDataObject;
}

/** Every item's asset entry, checked before the first request (see checkEvery). */
export async function checkedEntries(
	ctx: IExecuteFunctions,
): Promise<{ ready: Entry[]; refused: AssetOutcome[] }> {
	const judge = unreachableJudge(ctx, 'compat', readAllowPrivateHosts(ctx));
	return await checkEvery(ctx, async (itemIndex) => {
		const entry = readEntry(ctx, itemIndex);
		assertVerdict(ctx, validateCompatAsset(entry), itemIndex);
		const fault = await judge([{ url: String(entry.url), path: 'url' }]);
		if (fault) throw refusedBeforeSending(ctx, itemIndex, fault);
		return { itemIndex, entry };
	});
}

/**
 * One batch entry per input item, sent in chunks of 50 (Task-Compatible Video Generation API,
 * § Limits), each chunk once. The answer's `results[].index` (0-based within its request) maps each
 * result back to its item.
 */
export async function batchFromItems(ctx: IExecuteFunctions): Promise<StoringRun> {
	const { ready: entries, refused } = await checkedEntries(ctx);
	const outcomes = [...refused];
	for (let start = 0; start < entries.length; start += COMPAT.batchMaxEntries) {
		const chunk = entries.slice(start, start + COMPAT.batchMaxEntries);
		outcomes.push(
			...(isCancelled(ctx)
				? chunk.map(({ itemIndex, entry }) => stoppedAsset(ctx, itemIndex, entry))
				: await sendChunk(ctx, chunk)),
		);
	}
	return assetRun(ctx, outcomes);
}

/** A failed request fails its chunk's items, each saying whether its asset may exist. */
async function sendChunk(ctx: IExecuteFunctions, chunk: Entry[]): Promise<AssetOutcome[]> {
	let answer: unknown;
	try {
		answer = await batchAssets(
			ctx,
			chunk.map(({ entry }) => entry),
			chunk[0].itemIndex,
		);
	} catch (error) {
		return chunk.map(({ itemIndex, entry }) => failedAsset(ctx, error as Error, itemIndex, entry));
	}
	const { body, results } = readBatchAnswer(answer);
	return chunk.map(({ itemIndex, entry }, index) => {
		const result = results.find((candidate) => candidate.index === index);
		return batchEntryOutcome(
			ctx,
			itemIndex,
			{ batchId: body.batchId ?? null, ...entry, ...result },
			result,
		);
	});
}

/** A batch answer `{batchId, total, results}`; an answer that is not an object has no results. */
export function readBatchAnswer(answer: unknown): { body: IDataObject; results: IDataObject[] } {
	const body = (
		answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : {}
	) as IDataObject;
	const results = Array.isArray(body.results) ? body.results : [];
	return {
		body,
		results: results.filter(
			(result): result is IDataObject => !!result && typeof result === 'object',
		),
	};
}
