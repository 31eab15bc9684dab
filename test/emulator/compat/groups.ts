import { now } from '../emulator';
import { parseJsonObject } from '../http/body';
import { ApiError, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { newId } from '../ids';
import type { CompatGroup } from '../store';
import { groupView } from './asset-view';

export function createGroupRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const body = parseJsonObject(ctx.body);
	if (typeof body.name !== 'string' || !body.name.trim())
		throw new ApiError(400, 'name is required', 'INVALID_PARAMETER', 'name');
	const group: CompatGroup = {
		id: ctx.emu.store.nextNumber(),
		officialId: newId('group'),
		owner: account.apiKey,
		name: body.name,
		description: typeof body.description === 'string' ? body.description : undefined,
		createdAt: now(),
	};
	ctx.emu.store.groups.set(group.officialId, group);
	return ok(groupView(group));
}

/** The caller's groups, oldest first, with the count of their (not deleted) assets. */
export function listGroupsRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const assets = [...ctx.emu.store.compatAssets.values()].filter((a) => !a.deleted);
	const groups = [...ctx.emu.store.groups.values()].filter((g) => g.owner === account.apiKey);
	return ok(
		groups.map((g) => ({
			...groupView(g),
			_count: { assets: assets.filter((a) => a.groupId === g.officialId).length },
		})),
	);
}
