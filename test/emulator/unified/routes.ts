import type { Emulator } from '../emulator';
import { requiredQuery } from '../http/query';
import { forbidden, notFound, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx, Route } from '../http/router';
import { assetListRoute, assetStatusRoute } from './asset-list';
import { uploadAssetRoute } from './asset-upload';
import { createTaskRoute } from './create-task';
import { availableCredits } from './credits';
import { relationsRoute } from './relations';
import { settleDueTasks } from './task-clock';
import { taskView } from './task-view';
import { settleDueUpscales, upscaleView } from './upscale-clock';
import { createUpscaleRoute } from './upscale-create';

/** The unified service lives under /api/v1 (its {base_url}). */
export const UNIFIED_PREFIX = '/api/v1';

/** Finds an owned record: 404 unknown, 403 another account's. */
function owned<T extends { owner: string }>(
	ctx: Ctx,
	found: T | undefined,
	what: string,
	id: string,
): T {
	if (!found) throw notFound(`${what} ${id}`);
	if (found.owner !== accountOf(ctx).apiKey) throw forbidden(what.toLowerCase());
	return found;
}

function queryTaskRoute(ctx: Ctx) {
	const taskId = requiredQuery(ctx.query, 'taskId');
	return ok(taskView(ctx.emu, owned(ctx, ctx.emu.store.tasks.get(taskId), 'Task', taskId)));
}

function queryUpscaleRoute(ctx: Ctx) {
	const taskId = requiredQuery(ctx.query, 'taskId');
	return ok(
		upscaleView(ctx.emu, owned(ctx, ctx.emu.store.upscales.get(taskId), 'Upscale task', taskId)),
	);
}

function creditsRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	settleAll(ctx.emu, account.apiKey);
	return ok({ credits: account.credits, availableCredits: availableCredits(account) });
}

/** Holds of work that has ended are released before a balance is shown. */
function settleAll(emu: Emulator, owner: string): void {
	settleDueTasks(emu, owner);
	settleDueUpscales(emu, owner);
}

const at = (path: string) => `${UNIFIED_PREFIX}${path}`;

export const unifiedRoutes: Route[] = [
	{ method: 'POST', path: at('/jobs/createTask'), handler: createTaskRoute },
	{ method: 'GET', path: at('/jobs/queryTask'), handler: queryTaskRoute },
	{ method: 'GET', path: at('/jobs/relations'), handler: relationsRoute },
	{ method: 'GET', path: at('/account/credits'), handler: creditsRoute },
	{ method: 'POST', path: at('/assets/upload'), handler: uploadAssetRoute },
	{ method: 'GET', path: at('/assets/status'), handler: assetStatusRoute },
	{ method: 'GET', path: at('/assets/list'), handler: assetListRoute },
	{ method: 'POST', path: at('/upscale/create'), handler: createUpscaleRoute },
	{ method: 'GET', path: at('/upscale/query'), handler: queryUpscaleRoute },
];
