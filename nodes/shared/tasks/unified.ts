import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from '../transport';
import { apiRequest } from '../transport';
import { asRecord, requireId, requireStatus } from '../transport/answers';
import type { CreatedTask } from './types';

/**
 * The unified service's two task kinds share their shapes: a create answers {taskId, orderId},
 * a query takes `?taskId=` and answers the task with its status.
 */

export function createByPath<Request extends object>(
	path: string,
	report: (request: Request, answer: IDataObject) => IDataObject,
) {
	return async (
		ctx: ApiContext,
		request: Request,
		itemIndex: number,
		timeoutMs?: number,
	): Promise<CreatedTask> => {
		const answer = asRecord(
			await apiRequest(ctx, 'unified', {
				method: 'POST',
				path,
				body: request,
				itemIndex,
				timeoutMs,
			}),
			path,
		);
		const taskId = requireId(answer, 'taskId', path);
		const orderId = typeof answer.orderId === 'string' ? answer.orderId : null;
		return { id: taskId, json: { taskId, orderId, ...report(request, answer) } };
	};
}

export function queryByPath(path: string) {
	return async (
		ctx: ApiContext,
		taskId: string,
		itemIndex: number,
		deadline?: number,
	): Promise<IDataObject> => {
		const answer = await apiRequest(ctx, 'unified', {
			method: 'GET',
			path,
			qs: { taskId },
			itemIndex,
			deadline,
			subject: { kind: 'task', id: taskId },
		});
		return requireStatus(asRecord(answer, path), path);
	};
}
