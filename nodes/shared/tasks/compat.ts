import type { IDataObject } from 'n8n-workflow';

import { COMPAT } from '../catalog';
import { validateCompatTask } from '../rules';
import { apiRequest } from '../transport';
import { asRecord, errorText, phaseFrom, requireId, requireStatus, urlsOf } from './answers';
import type { TaskKind } from './types';

/** running → succeeded | failed (compat spec: States and transitions > Task). */
const [, succeeded, failed] = COMPAT.taskStatuses;

/** Tasks of the Task-Compatible Video API: POST and GET /v1/contents/generations/tasks. */
export const compatTasks: TaskKind<IDataObject> = {
	name: 'compat',
	service: 'compat',
	idField: 'id',
	validate: (request) => validateCompatTask(request),
	// The compat spec shows no price table: cost is settled by the service when the task completes.
	estimate: () => null,
	async create(ctx, request, itemIndex, timeoutMs) {
		const path = '/v1/contents/generations/tasks';
		const answer = asRecord(await apiRequest(ctx, 'compat', { method: 'POST', path, body: request, itemIndex, timeoutMs }), 'the task request');
		const id = requireId(answer, 'id', 'the task request');
		return { id, json: { id, status: answer.status ?? null, model: answer.model ?? request.model ?? null } };
	},
	async query(ctx, id, itemIndex, deadline) {
		const path = `/v1/contents/generations/tasks/${encodeURIComponent(id)}`;
		const answer = await apiRequest(ctx, 'compat', { method: 'GET', path, itemIndex, deadline });
		return requireStatus(asRecord(answer, 'the task query'), 'the task query');
	},
	phase: phaseFrom({ succeeded, failed }),
	resultUrls: (state) =>
		urlsOf(state.content, (item) => (item.type === 'video_url' ? (item.video_url as IDataObject | undefined)?.url : undefined)),
	// The shape of a failed compat task is "not shown": read `error` as either a string or {code, message}.
	failureReason: (state) => errorText(state.error),
};
