import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { UNIFIED_PATHS } from './api/unified';
import { multipartFromBinary } from './binary-upload';
import { asRecord, requireId } from './answers';
import { apiRequest } from './index';
import type { ApiContext } from './index';

/** The Unified Generation API's asset endpoints: POST /assets/upload, GET /assets/status, GET /assets/list. */

/** An upload request is bounded like a create: it carries a whole file (up to 50 MB), so it gets 10 minutes. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Shapes every asset answer for the next node: `assetUri` (asset://<providerAssetId>) for sd-family
 * inputs, the service's `url` for alt-family inputs and upscale sources, and the service's own fields.
 */
export function withAssetUri(asset: IDataObject): IDataObject {
	const id = asset.providerAssetId;
	return { ...asset, assetUri: typeof id === 'string' && id ? `asset://${id}` : null };
}

interface BinaryUpload {
	itemIndex: number;
	propertyName: string;
	name?: string;
	/** An alt-family alias: the upload answers ACTIVE with the https url alt inputs take. */
	model?: string;
}

/** Method A (multipart), streamed from n8n binary data; sent once (a POST is never repeated). */
export async function uploadBinary(
	ctx: IExecuteFunctions,
	upload: BinaryUpload,
): Promise<IDataObject> {
	const fields: Record<string, string> = upload.name ? { name: upload.name } : {};
	const { body, headers } = await multipartFromBinary(
		ctx,
		upload.itemIndex,
		upload.propertyName,
		fields,
	);
	const qs = upload.model ? { model: upload.model } : undefined;
	const answer = await apiRequest(ctx, 'unified', {
		method: 'POST',
		path: UNIFIED_PATHS.uploadAsset,
		qs,
		// a Buffer or a stream, sent as it is under its own headers
		body,
		headers,
		itemIndex: upload.itemIndex,
		timeoutMs: UPLOAD_TIMEOUT_MS,
	});
	return checkedAsset(answer, 'the upload');
}

/** Method B (JSON): the service fetches a public https URL itself. */
export async function uploadFromUrl(
	ctx: ApiContext,
	body: { url: string; type: string; name?: string },
	itemIndex: number,
): Promise<IDataObject> {
	const answer = await apiRequest(ctx, 'unified', {
		method: 'POST',
		path: UNIFIED_PATHS.uploadAsset,
		body,
		itemIndex,
		timeoutMs: UPLOAD_TIMEOUT_MS,
	});
	return checkedAsset(answer, 'the upload');
}

/** By numeric assetId or providerAssetId; the service checks the latest review result on each read. */
export async function assetStatus(
	ctx: ApiContext,
	assetId: string,
	itemIndex?: number,
	deadline?: number,
): Promise<IDataObject> {
	const answer = await apiRequest(ctx, 'unified', {
		method: 'GET',
		path: UNIFIED_PATHS.assetStatus,
		qs: { assetId },
		itemIndex,
		deadline,
		subject: { kind: 'asset', id: assetId },
	});
	return checkedAsset(answer, 'the asset status');
}

interface ListQuery {
	type?: string;
	status?: string;
	cursor?: number | string;
	limit?: number;
}

export async function listAssets(
	ctx: ApiContext,
	query: ListQuery,
	itemIndex?: number,
): Promise<{ items: IDataObject[]; nextCursor: unknown }> {
	const qs = Object.fromEntries(
		Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
	);
	const page = asRecord(
		await apiRequest(ctx, 'unified', {
			method: 'GET',
			path: UNIFIED_PATHS.listAssets,
			qs,
			itemIndex,
		}),
		'the asset list',
	);
	const items = Array.isArray(page.items) ? (page.items as IDataObject[]) : [];
	return { items, nextCursor: page.nextCursor ?? null };
}

/** An asset answer must carry its assetId; otherwise nothing downstream could find it again. */
function checkedAsset(answer: unknown, what: string): IDataObject {
	const asset = asRecord(answer, what);
	requireId(asset, 'assetId', what);
	return asset;
}
