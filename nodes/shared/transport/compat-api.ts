import type { IDataObject } from 'n8n-workflow';

import { COMPAT_PATHS } from './api/compat';
import { asRecord, requireId } from './answers';
import { apiRequest } from './index';
import type { ApiContext, ApiRequest } from './index';

/** The Task-Compatible Video API's endpoints that are not tasks (tasks live in tasks/compat.ts). */

interface BalanceResponse {
	/** Decimal with four fractional digits, as the service sends it. */
	balance: string;
	markupRate: number;
}

export function getBalance(ctx: ApiContext, itemIndex?: number) {
	return apiRequest<BalanceResponse>(ctx, 'compat', {
		method: 'GET',
		path: COMPAT_PATHS.balance,
		itemIndex,
	});
}

const call = <T = IDataObject>(ctx: ApiContext, request: ApiRequest) =>
	apiRequest<T>(ctx, 'compat', request);

/** One page of a list endpoint (tasks or assets); its answer's shape is "not shown" (see readPage). */
export function listPage(ctx: ApiContext, path: string, qs: IDataObject, itemIndex: number) {
	return call<unknown>(ctx, { method: 'GET', path, qs, itemIndex });
}

/** POST /v1/assets answers the asset; one without its officialId is unreadable (the asset may exist, unfindable). */
export async function createAsset(
	ctx: ApiContext,
	body: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const subject = { kind: 'asset group' as const, id: String(body.groupId ?? '') };
	const asset = asRecord(
		await call<unknown>(ctx, {
			method: 'POST',
			path: COMPAT_PATHS.assets,
			body,
			itemIndex,
			subject,
		}),
		'the asset create',
	);
	requireId(asset, 'officialId', 'the asset create');
	return asset;
}

/** An asset's own address, named as the subject of its 404 or 403. */
const assetAt = (officialId: string) => ({
	path: COMPAT_PATHS.asset(officialId),
	subject: { kind: 'asset' as const, id: officialId },
});

export const getAsset = (
	ctx: ApiContext,
	officialId: string,
	itemIndex: number,
	deadline?: number,
) => call(ctx, { method: 'GET', ...assetAt(officialId), itemIndex, deadline });

export const deleteAsset = (ctx: ApiContext, officialId: string, itemIndex: number) =>
	call<unknown>(ctx, { method: 'DELETE', ...assetAt(officialId), itemIndex });

/** POST /v1/assets/batch: a JSON array of entries, or a multipart form with the spreadsheet in `file`. */
export const batchAssets = (
	ctx: ApiContext,
	body: IDataObject[] | FormData,
	itemIndex: number,
	timeoutMs?: number,
) =>
	call(ctx, {
		method: 'POST',
		path: COMPAT_PATHS.assetBatch,
		body,
		itemIndex,
		timeoutMs,
	});

export const createGroup = (ctx: ApiContext, body: IDataObject, itemIndex: number) =>
	call(ctx, { method: 'POST', path: COMPAT_PATHS.assetGroups, body, itemIndex });

export const listGroups = (ctx: ApiContext, itemIndex?: number) =>
	call<unknown>(ctx, { method: 'GET', path: COMPAT_PATHS.assetGroups, itemIndex });

/**
 * The records of a list answer. Its shape is "not shown" (Task-Compatible Video Generation API,
 * § Task): a bare array, or an object holding the array under `items`, `data`, `list` or `records`
 * (the forms such APIs use).
 */
const LIST_KEYS = ['items', 'data', 'list', 'records'];

export function readPage(answer: unknown): { records: IDataObject[]; total?: number } {
	if (Array.isArray(answer)) return { records: answer };
	const body = (answer && typeof answer === 'object' ? answer : {}) as IDataObject;
	const nested =
		body.data && typeof body.data === 'object' && !Array.isArray(body.data)
			? (body.data as IDataObject)
			: {};
	for (const source of [body, nested]) {
		const key = LIST_KEYS.find((name) => Array.isArray(source[name]));
		if (!key) continue;
		const total = [source.total, body.total].find((value) => typeof value === 'number');
		return { records: source[key] as IDataObject[], total };
	}
	return { records: [] };
}
