import { COMPAT } from '../../../nodes/shared/catalog/index';
import { now } from '../emulator';
import { parseJsonObject } from '../http/body';
import { pageOf } from '../http/query';
import { ApiError, assertValid, forbidden, notFound, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { newId } from '../ids';
import { aspectOf, videoSize } from '../output-size';
import { validateCompatTaskBody } from '../rules/index';
import { withoutNullOptions } from '../../../nodes/shared/rules/index';
import type { CompatTask } from '../store';
import { checkAssetRefs, mediaUrls, promptOf, resolveRatio } from './content';
import { videoTokens } from './cost';
import { passesFilters, readTaskFilters } from './task-filters';
import { compatStatus, compatTaskView, scheduleCompatTask, unixSeconds } from './task-clock';

/** The spec shows no status for a balance below the minimum: 402, as the unified service does. */
function assertCanSubmit(balance: number): void {
	if (balance < COMPAT.minBalance) {
		const message = `Insufficient balance: ${balance.toFixed(4)} is below the ${COMPAT.minBalance} needed to submit a task`;
		throw new ApiError(402, message, 'INSUFFICIENT_BALANCE');
	}
}

/** POST /v1/contents/generations/tasks */
export function createCompatTaskRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const body = withoutNullOptions(parseJsonObject(ctx.body));
	assertValid(validateCompatTaskBody(body));
	const content = body.content as Record<string, unknown>[];
	const urls = mediaUrls(content);
	checkAssetRefs(ctx, account, content);
	if (account.frozen)
		throw new ApiError(403, 'This account is frozen and may not submit tasks', 'ACCOUNT_FROZEN');
	assertCanSubmit(account.compatBalance);
	const resolution = String(body.resolution ?? COMPAT.resolution.default);
	const ratio = resolveRatio(ctx, String(body.ratio ?? COMPAT.ratio.default), urls);
	// Not given: the documented default 5; -1 lets the model choose: the emulator chooses the default too.
	const asked = Number(body.duration ?? COMPAT.duration.default);
	const duration = asked === COMPAT.duration.smart ? COMPAT.duration.default : asked;
	const size = videoSize(resolution, aspectOf(ratio) as number);
	const task: CompatTask = {
		id: newId('cgt'),
		owner: account.apiKey,
		model: String(body.model),
		createdAt: now(),
		durationMs: ctx.emu.nextRunTime(),
		fails: promptOf(content).includes('[fail]'),
		ratio,
		duration,
		resolution,
		// Task-Compatible Video Generation API, § POST /v1/contents/generations/tasks: generate_audio
		// defaults to true; false gives silent video.
		plan: {
			kind: 'video',
			format: 'mp4',
			seconds: duration,
			...size,
			audio: body.generate_audio !== false,
		},
		tokens: videoTokens(size.width, size.height, duration),
		origin: ctx.origin,
		finishedAt: null,
	};
	ctx.emu.store.compatTasks.set(task.id, task);
	scheduleCompatTask(ctx.emu, task);
	// The creation answer of the Task-Compatible Video Generation API, § POST /v1/contents/generations/tasks,
	// plus updated_at as every task answer (the last state change: the creation, here).
	const created = unixSeconds(task.createdAt);
	return ok({
		id: task.id,
		status: 'running',
		model: task.model,
		created_at: created,
		updated_at: created,
	});
}

/** GET /v1/contents/generations/tasks/:id */
export function getCompatTaskRoute(ctx: Ctx) {
	const task = ctx.emu.store.compatTasks.get(ctx.params.id);
	if (!task) throw notFound(`Task ${ctx.params.id}`);
	if (task.owner !== accountOf(ctx).apiKey) throw forbidden('task');
	return ok(compatTaskView(ctx.emu, task));
}

/**
 * GET /v1/contents/generations/tasks: the caller's tasks, newest first, `{items, total, page_num,
 * page_size}` (shape not shown by the document), filtered by task-filters.ts.
 */
export function listCompatTasksRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const filters = readTaskFilters(ctx.query);
	const matching = [...ctx.emu.store.compatTasks.values()]
		.filter(
			(t) =>
				t.owner === account.apiKey && passesFilters(filters, t, () => compatStatus(ctx.emu, t)),
		)
		.reverse();
	const page = pageOf(
		ctx.query,
		{ pageNum: COMPAT.pageNumDefault, pageSize: COMPAT.pageSizeDefault },
		matching,
	);
	return ok({ ...page, items: page.items.map((t) => compatTaskView(ctx.emu, t)) });
}
