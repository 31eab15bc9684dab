import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isCancelled } from '../../../shared/execution/abort';
import {
	uploadBinary,
	uploadFromUrl,
	withAssetUri,
} from '../../../shared/transport/unified-asset-api';
import { noSourceMessage } from '../../../shared/assets/auto-source';
import { checkBinaryFile } from '../../../shared/assets/file-check';
import { mapWithLimit } from '../../../shared/execution/concurrency';
import { refusedBeforeSending } from '../../../shared/errors';
import {
	assetItem,
	byItem,
	checkEvery,
	createdAsset,
	failedAsset,
	settleAssets,
	stoppedAsset,
} from '../../../shared/assets/outcomes';
import type { AssetOutcome } from '../../../shared/assets/outcomes';
import { oncePerNodeRun } from '../../../shared/paid-once/replay';
import { CODES, validateAssetUpload } from '../../../shared/rules';
import { urlForm } from '../../../shared/rules/urls';
import { readAllowPrivateHosts } from '../../../settings/wait';
import { unreachableJudge } from '../../../shared/transport/handed-urls';
import type { UrlJudge } from '../../../shared/transport/handed-urls';
import { routeUploads } from './review-routing';
import type { UploadPlan } from './upload.fields';
import { readUploadPlan } from './upload.fields';

/** Uploads in flight at once: each carries a whole file. */
const UPLOADS_AT_ONCE = 3;

/**
 * Checks every item before any upload (caps from the binary's metadata, the URL, the name), then
 * uploads each once, a few at a time; with Wait for Review on, waits on all reviews together.
 * Like a Create node's batch, a failure after some uploads does not stop the workflow (the assets
 * created are reported), and n8n's Retry On Fail gets this output back instead of uploading again.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await oncePerNodeRun(ctx, async () => {
		const wait = ctx.getNodeParameter('waitForReview', 0, false) as boolean;
		const judge = unreachableJudge(ctx, 'unified', readAllowPrivateHosts(ctx));
		const { ready: plans, refused } = await checkEvery(
			ctx,
			async (itemIndex) => await checked(ctx, readUploadPlan(ctx, itemIndex), judge),
		);
		const outcomes = [...refused, ...(await uploadAll(ctx, plans))].sort(byItem);
		const storedAny = settleAssets(ctx, outcomes);
		return {
			output: wait ? await routeUploads(ctx, outcomes) : [outcomes.map(assetItem)],
			storedAny,
		};
	});
}

async function uploadAll(ctx: IExecuteFunctions, plans: UploadPlan[]): Promise<AssetOutcome[]> {
	const uploaded = await mapWithLimit(
		plans,
		UPLOADS_AT_ONCE,
		async (plan) => await tryUpload(ctx, plan),
		() => isCancelled(ctx),
	);
	return uploaded.map((outcome, index) => outcome ?? stoppedAsset(ctx, plans[index].itemIndex));
}

async function checked(
	ctx: IExecuteFunctions,
	plan: UploadPlan,
	judge: UrlJudge,
): Promise<UploadPlan> {
	const { itemIndex, name } = plan;
	if (plan.source === 'binary') {
		await checkBinaryFile(ctx, itemIndex, plan.propertyName, name);
		return plan;
	}
	const verdict =
		urlForm(plan.url) === 'https'
			? validateAssetUpload({ name, type: plan.type })
			: {
					ok: false as const,
					code: CODES.INVALID_URL,
					message: notHttpsMessage(ctx, plan),
					path: 'url',
				};
	if (!verdict.ok)
		throw refusedBeforeSending(ctx, itemIndex, { ...verdict, path: verdict.path ?? 'url' });
	const fault = await judge([{ url: plan.url, path: 'url' }]);
	if (fault) throw refusedBeforeSending(ctx, itemIndex, fault);
	return plan;
}

/**
 * Why a URL is refused. Automatic found no file, or Public URL was chosen: an item that carries a
 * file while the URL is empty is told where its file goes.
 */
function notHttpsMessage(ctx: IExecuteFunctions, plan: UploadPlan & { source: 'url' }): string {
	const { url, itemIndex, noFileIn } = plan;
	if (url === '' && noFileIn !== undefined) return noSourceMessage(ctx, itemIndex, noFileIn, 'URL');
	const files = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
	if (url === '' && files.length > 0)
		return `the URL is empty, and this item carries a file (binary field "${files[0]}"): to upload it, set Source to Binary Data`;
	return `'${url}' is not an https URL: the service fetches a publicly reachable https URL`;
}

/** One upload, sent once: its failure says whether the asset may exist. */
async function tryUpload(ctx: IExecuteFunctions, plan: UploadPlan): Promise<AssetOutcome> {
	try {
		const asset: IDataObject =
			plan.source === 'url'
				? await uploadFromUrl(
						ctx,
						{ url: plan.url, type: plan.type, ...(plan.name ? { name: plan.name } : {}) },
						plan.itemIndex,
					)
				: await uploadBinary(ctx, {
						itemIndex: plan.itemIndex,
						propertyName: plan.propertyName,
						name: plan.name,
						model: plan.model,
					});
		return createdAsset(plan.itemIndex, withAssetUri(asset));
	} catch (error) {
		return failedAsset(ctx, error as Error, plan.itemIndex);
	}
}
