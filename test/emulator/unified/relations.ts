import { RELATIONS } from '../../../nodes/shared/catalog/index';
import type { Emulator } from '../emulator';
import { intParam, requiredQuery } from '../http/query';
import { ApiError, forbidden, notFound, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import type { Task } from '../store';
import { taskView } from './task-view';

/** Page size when `limit` is absent (the spec gives only the 1-50 range). */
const DEFAULT_LIMIT = 20;

function entry(emu: Emulator, task: Task) {
	const view = taskView(emu, task);
	const url = view.output?.[0]?.url;
	return {
		orderId: task.orderId,
		taskId: task.taskId,
		status: view.status,
		createTime: task.createTime,
		...(url ? { url } : {}),
	};
}

/** Cursors are opaque to clients; here a decimal offset into the finals. */
function cursorOf(query: URLSearchParams): number {
	const raw = query.get('cursor');
	if (raw === null || raw === '') return 0;
	if (!/^\d+$/.test(raw))
		throw new ApiError(
			400,
			'cursor must be a nextCursor of a previous response',
			'INVALID_PARAMETER',
			'cursor',
		);
	return Number(raw);
}

function finalsOf(emu: Emulator, draft: Task): Task[] {
	return [...emu.store.tasks.values()]
		.filter((t) => t.draftSourceOrderId === draft.orderId)
		.sort((a, b) => a.createTime - b.createTime);
}

/** GET /jobs/relations: a draft lists its finals oldest first (queued and failed included); a final names its draft. */
export function relationsRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const orderId = requiredQuery(ctx.query, 'orderId');
	const limit = intParam(ctx.query, 'limit', DEFAULT_LIMIT, RELATIONS.minLimit, RELATIONS.maxLimit);
	const offset = cursorOf(ctx.query);
	const order = ctx.emu.store.taskByOrder.get(orderId);
	if (!order)
		throw notFound(
			ctx.emu.store.tasks.has(orderId) ? `Order ${orderId} (that is a taskId)` : `Order ${orderId}`,
		);
	// The spec does not show the status for another account's order: 403, as for tasks.
	if (order.owner !== account.apiKey) throw forbidden('order');
	if (order.draftSourceOrderId) {
		const source = ctx.emu.store.taskByOrder.get(order.draftSourceOrderId) as Task;
		return ok({
			kind: 'final',
			orderId,
			sourceDraft: entry(ctx.emu, source),
			finals: [],
			totalCount: 0,
			nextCursor: null,
		});
	}
	if (!order.draft)
		throw new ApiError(
			400,
			`Order ${orderId} is neither a draft nor a final`,
			'NOT_DRAFT_OR_FINAL',
			'orderId',
		);
	const finals = finalsOf(ctx.emu, order);
	const page = finals.slice(offset, offset + limit).map((t) => entry(ctx.emu, t));
	const nextCursor = offset + limit < finals.length ? String(offset + limit) : null;
	return ok({
		kind: 'draft',
		orderId,
		sourceDraft: null,
		finals: page,
		totalCount: finals.length,
		nextCursor,
	});
}
