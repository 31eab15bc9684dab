import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isCancelled } from '../../../shared/execution/abort';
import { batchAssets } from '../../../shared/transport/compat-api';
import {
	assetRun,
	batchEntryOutcome,
	checkEvery,
	failedAsset,
	stoppedAsset,
} from '../../../shared/assets/outcomes';
import type { AssetOutcome } from '../../../shared/assets/outcomes';
import { oncePerNodeRun } from '../../../shared/paid-once/replay';
import type { StoringRun } from '../../../shared/paid-once/replay';
import { batchFromItems, readBatchAnswer } from './batch-items';

/** Batch Create from the input items or from a spreadsheet per item; every request is sent once per node run. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await oncePerNodeRun(ctx, async () =>
		ctx.getNodeParameter('source', 0) === 'items'
			? await batchFromItems(ctx)
			: await batchFromSheets(ctx),
	);
}

/**
 * One request per item with its spreadsheet. Every item's binary field is checked before the
 * first request. The output is the batch answer; `assetCreated` says whether any of its rows
 * created an asset (`results[].status` says which).
 */
async function batchFromSheets(ctx: IExecuteFunctions): Promise<StoringRun> {
	const { ready, refused } = await checkEvery(ctx, (itemIndex) => withSheet(ctx, itemIndex));
	const outcomes = [...refused];
	for (const itemIndex of ready)
		outcomes.push(
			isCancelled(ctx) ? stoppedAsset(ctx, itemIndex) : await sendSheet(ctx, itemIndex),
		);
	return assetRun(ctx, outcomes);
}

async function sendSheet(ctx: IExecuteFunctions, itemIndex: number): Promise<AssetOutcome> {
	let answer: unknown;
	try {
		answer = await batchAssets(ctx, await spreadsheetForm(ctx, itemIndex), itemIndex);
	} catch (error) {
		return failedAsset(ctx, error as Error, itemIndex);
	}
	const { body, results } = readBatchAnswer(answer);
	// The first created row, else the first row: the sheet created assets, none, or the answer is unreadable.
	const telling = results.find((result) => result.status === 'ok') ?? results[0];
	return { ...batchEntryOutcome(ctx, itemIndex, body, telling), json: body };
}

const propertyOf = (ctx: IExecuteFunctions, itemIndex: number) =>
	ctx.getNodeParameter('spreadsheetProperty', itemIndex) as string;

/** The item's index when it holds the spreadsheet's binary field; else what to fix (nothing is sent). */
function withSheet(ctx: IExecuteFunctions, itemIndex: number): number {
	const property = propertyOf(ctx, itemIndex);
	if (ctx.getInputData()[itemIndex].binary?.[property]) return itemIndex;
	throw new NodeOperationError(ctx.getNode(), `The input item has no binary field "${property}"`, {
		itemIndex,
		description:
			'Put the spreadsheet in that field (for example with Read/Write Files from Disk) or change the field name. Nothing was sent.',
	});
}

/**
 * A multipart form with the item's spreadsheet in field `file` (Task-Compatible Video Generation
 * API, § POST /v1/assets/batch).
 */
async function spreadsheetForm(ctx: IExecuteFunctions, itemIndex: number): Promise<FormData> {
	const property = propertyOf(ctx, itemIndex);
	const binary = ctx.getInputData()[itemIndex].binary![property];
	const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	const form = new FormData();
	form.append(
		'file',
		new Blob([new Uint8Array(bytes)], { type: binary.mimeType }),
		binary.fileName ?? 'assets.xlsx',
	);
	return form;
}
