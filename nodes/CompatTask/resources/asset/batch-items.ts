import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { batchAssets } from '../../../shared/compat-api';
import { asNodeError, errorItem } from '../../../shared/item-loop';
import { validateCompatAsset } from '../../../shared/rules';
import { assertVerdict } from '../../helpers/verdict';
import { readEntry } from './entry';

interface Entry {
	itemIndex: number;
	entry: IDataObject;
}

/**
 * One batch entry per input item, sent in chunks of 50 (the spec's limit). Every entry is checked
 * before the first request; the answer's `results[].index` (0-based within its request) maps each
 * result back to the item it came from.
 */
export async function batchFromItems(ctx: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	const entries: Entry[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			const entry = readEntry(ctx, itemIndex);
			assertVerdict(ctx, validateCompatAsset(entry), itemIndex);
			entries.push({ itemIndex, entry });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			output.push(errorItem(error as Error, itemIndex));
		}
	}
	for (let start = 0; start < entries.length; start += COMPAT.batchMaxEntries) {
		const chunk = entries.slice(start, start + COMPAT.batchMaxEntries);
		output.push(...(await sendChunk(ctx, chunk, start > 0)));
	}
	return output.sort((a, b) => itemOf(a) - itemOf(b));
}

const itemOf = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;

/** A failed request fails its chunk's items; it stops the node only when no earlier chunk was sent (and may have created assets). */
async function sendChunk(ctx: IExecuteFunctions, chunk: Entry[], sentBefore: boolean): Promise<INodeExecutionData[]> {
	let answer: IDataObject;
	try {
		answer = await batchAssets(ctx, chunk.map(({ entry }) => entry), chunk[0].itemIndex);
	} catch (error) {
		if (!ctx.continueOnFail() && !sentBefore) throw asNodeError(ctx, error as Error, chunk[0].itemIndex);
		return chunk.map(({ itemIndex, entry }) => errorItem(error as Error, itemIndex, entry));
	}
	const results = Array.isArray(answer.results) ? (answer.results as IDataObject[]) : [];
	return chunk.map(({ itemIndex, entry }, index) => {
		const result = results.find((candidate) => candidate.index === index);
		const json: IDataObject = { batchId: answer.batchId ?? null, ...entry, ...result };
		if (!result) json.error = 'The batch answer has no result for this entry: list the group\'s assets to see whether it was created';
		return { json, pairedItem: { item: itemIndex } };
	});
}
