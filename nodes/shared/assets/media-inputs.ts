import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isCancelled } from '../execution/abort';
import { unconfirmedParts } from '../errors';
import { ASSETS, findModel, videoFamilyOf } from '../catalog';
import { mapWithLimit } from '../execution/concurrency';
import { uploadBinary } from '../transport/unified-asset-api';
import { checkBinaryFile } from './file-check';
import { REVIEW_POLL, waitForReviews } from './review';

export interface BinaryMediaWanted {
	itemIndex: number;
	propertyName: string;
	model: string;
}
export type BinaryMediaResult = { ok: true; value: string } | { ok: false; error: Error };

/** Uploads in flight at once: each carries a whole file. */
const UPLOADS_AT_ONCE = 3;

/**
 * How a model takes uploaded media. sd family: a reviewed asset, sent as asset://<providerAssetId>.
 * alt family: the `?model=<alias>` upload, whose https url is ACTIVE at once. Image models: Unified
 * Generation API, § Image generation inputs takes public HTTPS URLs only (no asset://), so our
 * choice is a reviewed asset's https url once it is ACTIVE (the service's own upload, reviewed like
 * any asset).
 */
export type Route = 'assetUri' | 'altUrl' | 'reviewedUrl';

/** A wanted file with its route fixed by the caller instead of derived from a model. */
type RoutedWant = BinaryMediaWanted & { route?: Route };

export function routeOf(model: string): Route | undefined {
	const found = findModel(model);
	if (found?.kind !== 'video') return found ? 'reviewedUrl' : undefined;
	return videoFamilyOf(found.model).uploads === 'modelUpload' ? 'altUrl' : 'assetUri';
}

interface Uploaded {
	asset: IDataObject;
	route: Route;
}

type Step = { ok: true; value: Uploaded } | { ok: false; error: Error };

/**
 * Uploads each wanted binary property the right way for `model` and waits for the reviews of all
 * of them together (bounded by timeoutMs and the execution's cancel signal); results in input order.
 * Every file is checked first (size and type caps from n8n's metadata): an item with a refused file
 * uploads none of its files. A rejected review is an error carrying the service's failReason.
 */
export async function mediaFromBinary(
	ctx: IExecuteFunctions,
	wanted: BinaryMediaWanted[],
	options: { timeoutMs?: number } = {},
): Promise<BinaryMediaResult[]> {
	return await uploadAll(ctx, wanted, options);
}

/**
 * The https url of a reviewed asset for each binary property, once ACTIVE: what an upscale source
 * takes (Unified Generation API, § POST /upscale/create: "any https video URL, including a URL
 * returned by asset upload").
 */
export async function reviewedUrlsFromBinary(
	ctx: IExecuteFunctions,
	wanted: Array<Omit<BinaryMediaWanted, 'model'>>,
	options: { timeoutMs?: number } = {},
): Promise<BinaryMediaResult[]> {
	return await uploadAll(
		ctx,
		wanted.map((want) => ({ ...want, model: '', route: 'reviewedUrl' })),
		options,
	);
}

async function uploadAll(
	ctx: IExecuteFunctions,
	wanted: RoutedWant[],
	options: { timeoutMs?: number },
): Promise<BinaryMediaResult[]> {
	const checked = await Promise.all(
		wanted.map(async (want) => await attempt(() => check(ctx, want))),
	);
	const refusedItems = new Set(
		wanted.filter((_, index) => !checked[index].ok).map((want) => want.itemIndex),
	);
	const steps = await mapWithLimit(
		wanted,
		UPLOADS_AT_ONCE,
		async (want, index): Promise<Step> => {
			const verdict = checked[index];
			if (!verdict.ok) return verdict;
			if (refusedItems.has(want.itemIndex))
				return failed(ctx, want, 'not uploaded: another file of this item was refused');
			return await attempt(() => upload(ctx, want, verdict.value));
		},
		() => isCancelled(ctx),
	);
	const uploaded = steps.map(
		(step, index) => step ?? failed(ctx, wanted[index], 'not uploaded: the execution was stopped'),
	);
	return await reviewed(ctx, wanted, uploaded, options.timeoutMs ?? REVIEW_POLL.timeoutMs);
}

async function check(
	ctx: IExecuteFunctions,
	want: RoutedWant,
): Promise<{ name: string; route: Route }> {
	const route = want.route ?? routeOf(want.model);
	if (!route)
		throw new NodeOperationError(
			ctx.getNode(),
			`UNSUPPORTED_MODEL: '${want.model}' takes no uploaded media`,
			{ itemIndex: want.itemIndex },
		);
	const file = await checkBinaryFile(ctx, want.itemIndex, want.propertyName);
	// The asset's name is the file's (at most 64 characters), so it can be told apart in the asset list.
	return { name: file.fileName.slice(0, ASSETS.nameMaxLength), route };
}

async function upload(
	ctx: IExecuteFunctions,
	want: BinaryMediaWanted,
	file: { name: string; route: Route },
): Promise<Uploaded> {
	const model = file.route === 'altUrl' ? want.model : undefined;
	try {
		const asset = await uploadBinary(ctx, {
			itemIndex: want.itemIndex,
			propertyName: want.propertyName,
			name: file.name,
			model,
		});
		return { asset, route: file.route };
	} catch (error) {
		const head = `Upload of binary property "${want.propertyName}" failed`;
		const unconfirmed = unconfirmedParts(error);
		// The request was an upload, not a task: say what may exist, and that it costs nothing.
		if (unconfirmed)
			throw new NodeOperationError(
				ctx.getNode(),
				`${head}: ${unconfirmed.head}; an asset may have been stored`,
				{ itemIndex: want.itemIndex, description: `${unconfirmed.reason}. ${MAY_BE_STORED}` },
			);
		throw new NodeOperationError(ctx.getNode(), `${head}: ${(error as Error).message}`, {
			itemIndex: want.itemIndex,
			description: (error as { description?: string }).description ?? undefined,
		});
	}
}

const MAY_BE_STORED =
	'Uploads are not billed, and no task was created for this item. Running it again uploads the file again: first check your assets (Upload Asset → List) if you want no duplicate.';

/** Alt uploads are usable at once; the others wait for their reviews, all together. */
async function reviewed(
	ctx: IExecuteFunctions,
	wanted: BinaryMediaWanted[],
	steps: Step[],
	timeoutMs: number,
): Promise<BinaryMediaResult[]> {
	const pending = steps.flatMap((step, index) =>
		step.ok && step.value.route !== 'altUrl' ? [index] : [],
	);
	const reviews = await waitForReviews(
		ctx,
		pending.map((index) => ({
			itemIndex: wanted[index].itemIndex,
			assetId: String((steps[index] as { value: Uploaded }).value.asset.assetId),
		})),
		{ ...REVIEW_POLL, timeoutMs },
	);
	const byIndex = new Map(pending.map((index, at) => [index, reviews[at]]));
	return steps.map((step, index): BinaryMediaResult => {
		if (!step.ok) return step;
		const review = byIndex.get(index);
		const asset = review?.asset ?? step.value.asset;
		if (review && review.outcome !== 'succeeded') {
			return failed(ctx, wanted[index], review.reason ?? 'the review did not succeed', asset);
		}
		const value = step.value.route === 'assetUri' ? asset.assetUri : asset.url;
		if (typeof value === 'string' && value) return { ok: true, value };
		return failed(
			ctx,
			wanted[index],
			`the service answered without ${step.value.route === 'assetUri' ? 'a providerAssetId' : 'a url'}`,
			asset,
		);
	});
}

function failed(
	ctx: IExecuteFunctions,
	want: BinaryMediaWanted,
	why: string,
	asset?: IDataObject,
): { ok: false; error: Error } {
	const id = asset?.assetId === undefined ? '' : ` (asset ${String(asset.assetId)})`;
	const error = new NodeOperationError(
		ctx.getNode(),
		`Binary property "${want.propertyName}"${id}: ${why}`,
		{
			itemIndex: want.itemIndex,
			description: 'Nothing was generated for this item.',
		},
	);
	return { ok: false, error };
}

async function attempt<T>(
	run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: Error }> {
	try {
		return { ok: true, value: await run() };
	} catch (error) {
		return { ok: false, error: error as Error };
	}
}
