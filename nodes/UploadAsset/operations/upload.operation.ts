import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isCancelled } from '../../shared/abort';
import { uploadBinary, uploadFromUrl, withAssetUri } from '../../shared/assets/api';
import { checkBinaryFile } from '../../shared/assets/file-check';
import { waitForReviews } from '../../shared/assets/review';
import { mapWithLimit } from '../../shared/concurrency';
import { asNodeError, errorItem } from '../../shared/item-loop';
import { CODES, validateAssetUpload } from '../../shared/rules';
import { urlForm } from '../../shared/rules/urls';
import { readReviewPoll, routeReview } from './review-routing';
import type { UploadPlan } from './upload-fields';
import { readUploadPlan } from './upload-fields';

/** Uploads in flight at once: each carries a whole file. */
const UPLOADS_AT_ONCE = 3;

/**
 * Checks every item before any upload (caps from the binary's metadata, the URL, the name), then
 * uploads each once, a few at a time; with Wait for Review on, waits on all reviews together.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const wait = ctx.getNodeParameter('waitForReview', 0, false) as boolean;
	const outputs: INodeExecutionData[][] = wait ? [[], []] : [[]];
	const failedOutput = outputs[outputs.length - 1];
	const fail = (error: Error, itemIndex: number) => {
		if (!ctx.continueOnFail()) throw asNodeError(ctx, error, itemIndex);
		failedOutput.push(errorItem(error, itemIndex));
	};
	const plans: UploadPlan[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			plans.push(await checked(ctx, readUploadPlan(ctx, itemIndex)));
		} catch (error) {
			fail(error as Error, itemIndex);
		}
	}
	const uploaded = await mapWithLimit(plans, UPLOADS_AT_ONCE, async (plan) => await tryUpload(ctx, plan), () => isCancelled(ctx));
	const done: Array<{ itemIndex: number; asset: IDataObject }> = [];
	uploaded.forEach((result, index) => {
		const { itemIndex } = plans[index];
		if (result === undefined) fail(new NodeOperationError(ctx.getNode(), 'Not uploaded: the execution was stopped', { itemIndex }), itemIndex);
		else if (result instanceof Error) fail(result, itemIndex);
		else done.push({ itemIndex, asset: withAssetUri(result) });
	});
	if (wait) await routeReviews(ctx, done, outputs);
	else outputs[0].push(...done.map(({ itemIndex, asset }) => ({ json: asset, pairedItem: { item: itemIndex } })));
	// Error items were added first: each output lists its items in input order.
	return outputs.map((output) => output.sort((a, b) => itemOf(a) - itemOf(b)));
}

/** Alt-family uploads answer ACTIVE at once; the others are waited on together. */
async function routeReviews(ctx: IExecuteFunctions, done: Array<{ itemIndex: number; asset: IDataObject }>, outputs: INodeExecutionData[][]) {
	const inReview = done.filter(({ asset }) => asset.status !== 'ACTIVE');
	const reviews = await waitForReviews(ctx, inReview.map(({ itemIndex, asset }) => ({ itemIndex, assetId: String(asset.assetId) })), readReviewPoll(ctx));
	const byItem = new Map(inReview.map(({ itemIndex }, index) => [itemIndex, reviews[index]]));
	for (const { itemIndex, asset } of done) {
		const review = byItem.get(itemIndex) ?? { asset, outcome: 'succeeded' as const };
		// Review results have no `name`; the upload's fields stay.
		routeReview(outputs, itemIndex, asset, review);
	}
}

const itemOf = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;

async function checked(ctx: IExecuteFunctions, plan: UploadPlan): Promise<UploadPlan> {
	const { itemIndex, name } = plan;
	if (plan.source === 'binary') {
		await checkBinaryFile(ctx, itemIndex, plan.propertyName, name);
		return plan;
	}
	const verdict = urlForm(plan.url) === 'https'
		? validateAssetUpload({ name, type: plan.type })
		: { ok: false as const, code: CODES.INVALID_URL, message: `'${plan.url}' is not an https URL: the service fetches a publicly reachable https URL`, path: 'url' };
	if (verdict.ok) return plan;
	throw new NodeOperationError(ctx.getNode(), `${verdict.code}: ${verdict.message}`, {
		itemIndex,
		description: `Field: ${verdict.path ?? 'url'}. Nothing was uploaded.`,
	});
}

async function tryUpload(ctx: IExecuteFunctions, plan: UploadPlan): Promise<IDataObject | Error> {
	try {
		if (plan.source === 'url') {
			return await uploadFromUrl(ctx, { url: plan.url, type: plan.type, ...(plan.name ? { name: plan.name } : {}) }, plan.itemIndex);
		}
		return await uploadBinary(ctx, { itemIndex: plan.itemIndex, propertyName: plan.propertyName, name: plan.name, model: plan.model });
	} catch (error) {
		return error as Error;
	}
}
