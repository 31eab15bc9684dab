import { COMPAT } from '../../../nodes/shared/catalog/index';
import { isPrivateOrInsecureUrl, validateCompatAsset } from '../../../nodes/shared/rules/index';
import { now } from '../emulator';
import { parseJsonObject } from '../http/body';
import { enumParam, pageOf } from '../http/query';
import { ApiError, assertValid, forbidden, notFound, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { newId } from '../ids';
import { ownUrl } from '../own-files';
import type { Account, CompatAsset } from '../store';
import { compatAssetStatus, compatAssetView } from './asset-view';

/**
 * Creates one asset from `{groupId, url, name?}` (POST /v1/assets and each batch entry). The url
 * is not fetched (no internet); private and plain-http addresses are refused, the emulator's own
 * files are accepted.
 */
export function createCompatAsset(ctx: Ctx, account: Account, entry: unknown): CompatAsset {
	assertValid(validateCompatAsset(entry));
	const { groupId, url, name } = entry as Record<string, unknown>;
	const group = ctx.emu.store.groups.get(String(groupId));
	if (!group)
		throw new ApiError(404, `Asset group ${groupId} not found`, 'GROUP_NOT_FOUND', 'groupId');
	if (group.owner !== account.apiKey) throw forbidden('asset group', 'groupId');
	if (!ownUrl(ctx, String(url)) && isPrivateOrInsecureUrl(String(url))) {
		throw new ApiError(400, 'url must be a publicly reachable https URL', 'INVALID_URL', 'url');
	}
	const assetName = typeof name === 'string' ? name : '';
	const asset: CompatAsset = {
		id: ctx.emu.store.nextNumber(),
		officialId: newId('asset'),
		owner: account.apiKey,
		groupId: group.officialId,
		name: assetName,
		url: String(url),
		createdAt: now(),
		reviewDoneAt: now() + ctx.emu.settings.reviewDurationMs,
		rejected: assetName.includes('[reject]'),
		deleted: false,
	};
	ctx.emu.store.compatAssets.set(asset.officialId, asset);
	return asset;
}

/** A visible asset of the caller: soft-deleted ones are gone (404). */
function ownedAsset(ctx: Ctx): CompatAsset {
	const asset = ctx.emu.store.compatAssets.get(ctx.params.id);
	if (!asset || asset.deleted) throw notFound(`Asset ${ctx.params.id}`);
	if (asset.owner !== accountOf(ctx).apiKey) throw forbidden('asset');
	return asset;
}

export function createAssetRoute(ctx: Ctx) {
	return ok(compatAssetView(createCompatAsset(ctx, accountOf(ctx), parseJsonObject(ctx.body))));
}

export const getAssetRoute = (ctx: Ctx) => ok(compatAssetView(ownedAsset(ctx)));

/** Soft delete: hidden from reads and lists, refused in new tasks; submitted tasks are unaffected. */
export function deleteAssetRoute(ctx: Ctx) {
	const asset = ownedAsset(ctx);
	asset.deleted = true;
	return ok({ id: asset.officialId, deleted: true });
}

/** Newest first; `{items, total, page_num, page_size}` (the spec does not show the shape). */
export function listAssetsRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const groupId = ctx.query.get('groupId');
	const status = enumParam(ctx.query, 'status', COMPAT.assetStatuses);
	const matching = [...ctx.emu.store.compatAssets.values()]
		.filter((a) => a.owner === account.apiKey && !a.deleted)
		.filter(
			(a) => (!groupId || a.groupId === groupId) && (!status || compatAssetStatus(a) === status),
		)
		.sort((a, b) => b.id - a.id);
	const page = pageOf(
		ctx.query,
		{ pageNum: COMPAT.pageNumDefault, pageSize: COMPAT.pageSizeDefault },
		matching,
	);
	return ok({ ...page, items: page.items.map(compatAssetView) });
}
