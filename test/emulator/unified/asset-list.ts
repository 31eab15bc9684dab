import { ASSETS } from '../../../nodes/shared/catalog/index';
import { enumParam, intParam, requiredQuery } from '../http/query';
import { ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { assetListItem, assetStatus, assetView, findAsset } from './asset-view';

const TYPES = Object.keys(ASSETS.types);
/** NONE is accepted by the list filter; the spec does not say what it means: here it is "no filter". */
const STATUSES: string[] = [...ASSETS.listStatusFilters];

export function assetStatusRoute(ctx: Ctx) {
	return ok(assetView(findAsset(ctx.emu, accountOf(ctx), requiredQuery(ctx.query, 'assetId'))));
}

/** Newest first; `cursor` is the assetId of the last item seen (items below it follow). */
export function assetListRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const type = enumParam(ctx.query, 'type', TYPES);
	const status = enumParam(ctx.query, 'status', STATUSES);
	const { defaultLimit, minLimit, maxLimit } = ASSETS.list;
	const limit = intParam(ctx.query, 'limit', defaultLimit, minLimit, maxLimit);
	const cursor = intParam(ctx.query, 'cursor', Infinity, 0);
	const matching = [...ctx.emu.store.assets.values()]
		.filter((a) => a.owner === account.apiKey && a.assetId < cursor)
		.filter((a) => !type || a.type === type)
		.filter((a) => !status || status === 'NONE' || assetStatus(a) === status)
		.sort((a, b) => b.assetId - a.assetId);
	const page = matching.slice(0, limit);
	const nextCursor = matching.length > limit ? page[page.length - 1].assetId : null;
	return ok({ items: page.map(assetListItem), nextCursor });
}
