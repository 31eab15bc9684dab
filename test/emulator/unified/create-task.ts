import { getImageModel, getVideoModel } from '../../../nodes/shared/catalog/index';
import { estimateCredits } from '../../../nodes/shared/pricing';
import type { CreateTaskRequest } from '../../../nodes/shared/rules/index';
import { now } from '../emulator';
import { parseJsonObject } from '../http/body';
import { ApiError, assertValid, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { newId } from '../ids';
import { validateCreateTask } from '../rules/index';
import type { Task } from '../store';
import { assertCanSpend, charge } from './credits';
import { draftSource, finalRequest } from './draft-source';
import { mediaFactsOf } from './media-facts';
import { outputPlan } from './output-plan';
import { scheduleTask } from './task-clock';

/**
 * POST /jobs/createTask: validate (400), price (402), and only then create and charge; a rejected
 * request leaves no task and no charge.
 */
export function createTaskRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const body = parseJsonObject(ctx.body);
	const media = mediaFactsOf(ctx, account, body);
	assertValid(validateCreateTask(body, media));
	const request = body as unknown as CreateTaskRequest;
	const sourceId = request.inputs.draftSourceOrderId;
	const draft = typeof sourceId === 'string' ? draftSource(ctx.emu, account, sourceId) : undefined;
	const cost = estimateCredits(
		billedAs(request),
		media,
		draft && { request: draft.request, media: draft.media },
	);
	if (cost === null) throw new ApiError(500, 'Could not price the request', 'INTERNAL_ERROR');
	assertCanSpend(account, cost);
	const refundable = getImageModel(request.model) !== undefined;
	const rendered = draft ? finalRequest(draft) : request;
	const task: Task = {
		taskId: newId('task'),
		orderId: newId('order'),
		owner: account.apiKey,
		model: request.model,
		request,
		media: draft ? draft.media : media,
		draft: request.inputs.draft === true,
		draftSourceOrderId: draft?.orderId,
		plan: outputPlan(rendered, draft ? draft.media : media),
		creditsUsed: cost,
		refundable,
		createTime: now(),
		durationMs: ctx.emu.nextRunTime(),
		// A final ignores its own prompt, but its [fail] marker still counts, so tests can fail a final.
		fails: [rendered, request].some((r) => String(r.inputs.prompt ?? '').includes('[fail]')),
		callBackUrl: typeof request.callBackUrl === 'string' ? request.callBackUrl : undefined,
		origin: ctx.origin,
		completeTime: null,
	};
	charge(account, cost, refundable);
	ctx.emu.store.addTask(task);
	scheduleTask(ctx.emu, task);
	return ok({ taskId: task.taskId, orderId: task.orderId });
}

/**
 * Automatic length (-1) has no price in the spec: the emulator renders the model's default length
 * (see output-plan.ts) and bills that, as if the request had asked for it.
 */
function billedAs(request: CreateTaskRequest): CreateTaskRequest {
	const model = getVideoModel(request.model);
	const duration = request.inputs.duration;
	if (!model || (duration !== '-1s' && duration !== -1 && duration !== '-1')) return request;
	return { ...request, inputs: { ...request.inputs, duration: `${model.duration.default}s` } };
}
