import { DRAFT_LIFETIME_DAYS, getVideoModel } from '../../../nodes/shared/catalog/index';
import type { CreateTaskRequest } from '../../../nodes/shared/rules/index';
import type { Emulator } from '../emulator';
import { now } from '../emulator';
import { ApiError, forbidden } from '../http/reply';
import type { Account, Task } from '../store';
import { taskStatus } from './task-clock';

const DAY_MS = 24 * 60 * 60 * 1000;
const PATH = 'inputs.draftSourceOrderId';

const invalid = (message: string, code: string) => new ApiError(400, message, code, PATH);

/** The draft a final names, with every rule of the spec: an orderId, a draft, owned, completed, ≤ 7 days old. */
export function draftSource(emu: Emulator, account: Account, orderId: string): Task {
	const draft = emu.store.taskByOrder.get(orderId);
	if (!draft) {
		if (emu.store.tasks.has(orderId)) {
			throw invalid(
				`${orderId} is a taskId: pass the draft's orderId (from createTask or queryTask)`,
				'DRAFT_SOURCE_IS_TASK_ID',
			);
		}
		throw invalid(`No draft order ${orderId}`, 'DRAFT_NOT_FOUND');
	}
	if (draft.owner !== account.apiKey) throw forbidden('draft order');
	if (!draft.draft)
		throw invalid(
			`Order ${orderId} is not a draft (created without inputs.draft = true)`,
			'DRAFT_SOURCE_NOT_DRAFT',
		);
	const status = taskStatus(emu, draft);
	if (status !== 'COMPLETED')
		throw invalid(`Draft ${orderId} is ${status}; it must be COMPLETED`, 'DRAFT_NOT_COMPLETED');
	if (now() - draft.createTime > DRAFT_LIFETIME_DAYS * DAY_MS) {
		throw invalid(
			`Draft ${orderId} is older than ${DRAFT_LIFETIME_DAYS} days; generate a new draft`,
			'DRAFT_EXPIRED',
		);
	}
	return draft;
}

/** The final renders the draft's inputs at the final tier; the final's own inputs are ignored (spec). */
export function finalRequest(draft: Task): CreateTaskRequest {
	const { draft: _draft, ...inputs } = draft.request.inputs;
	const finalTier = getVideoModel(draft.model)?.params.draft?.finalTier;
	return { model: draft.model, inputs: { ...inputs, outputResolution: finalTier } };
}
