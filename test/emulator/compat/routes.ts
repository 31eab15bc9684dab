import { ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx, Route } from '../http/router';
import { atBothRoots } from './base-paths';
import { createAssetRoute, deleteAssetRoute, getAssetRoute, listAssetsRoute } from './assets';
import { batchRoutes } from './batch';
import { formatBalance } from './cost';
import { createGroupRoute, listGroupsRoute } from './groups';
import { settleDueCompatTasks } from './task-clock';
import { createCompatTaskRoute, getCompatTaskRoute, listCompatTasksRoute } from './tasks';

/** GET /v1/me/balance: costs of finished tasks are settled before the balance is shown. */
function balanceRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	settleDueCompatTasks(ctx.emu, account.apiKey);
	return ok({ balance: formatBalance(account.compatBalance), markupRate: account.markupRate });
}

const TASKS = '/v1/contents/generations/tasks';

/** Every route at /v1/... and at the root (base-paths.ts). */
export const compatRoutes: Route[] = atBothRoots([
	{ method: 'POST', path: TASKS, handler: createCompatTaskRoute },
	{ method: 'GET', path: TASKS, handler: listCompatTasksRoute },
	{ method: 'GET', path: `${TASKS}/:id`, handler: getCompatTaskRoute },
	{ method: 'POST', path: '/v1/assets', handler: createAssetRoute },
	{ method: 'GET', path: '/v1/assets', handler: listAssetsRoute },
	{ method: 'POST', path: '/v1/assets/groups', handler: createGroupRoute },
	{ method: 'GET', path: '/v1/assets/groups', handler: listGroupsRoute },
	{ method: 'GET', path: '/v1/assets/:id', handler: getAssetRoute },
	{ method: 'DELETE', path: '/v1/assets/:id', handler: deleteAssetRoute },
	...batchRoutes,
	{ method: 'GET', path: '/v1/me/balance', handler: balanceRoute },
]);
