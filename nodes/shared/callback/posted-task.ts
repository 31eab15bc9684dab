import type { IDataObject } from 'n8n-workflow';

import { TASK, UPSCALE } from '../catalog';
import { generationTasks, upscaleTasks } from '../tasks';
import type { TaskReader } from '../tasks';

/**
 * The task kinds that can call back (Task-Compatible Video Generation API, § Events shows no
 * callbacks), by the Task Type filter's values.
 */
const CALLBACK_KINDS = { generation: generationTasks, upscale: upscaleTasks } as const;
export type CallbackKind = keyof typeof CALLBACK_KINDS;

/** A webhook body read as a task: its kind, id and posted status. */
export interface PostedTask {
	taskType: CallbackKind;
	kind: TaskReader;
	id: string;
	status: string;
	body: IDataObject;
}

/**
 * A generation task posts the queryTask shape (statuses PENDING ... FAILED); a standalone upscale
 * task posts the upscale task shape (validating ... failed). Their status words differ in case,
 * so the status tells the kind; `model` and `targetResolution` are not needed to tell them apart.
 */
const KIND_BY_STATUS = new Map<string, CallbackKind>([
	...TASK.statuses.map((status): [string, CallbackKind] => [status, 'generation']),
	...UPSCALE.statuses.map((status): [string, CallbackKind] => [status, 'upscale']),
]);

/** The task a body describes, or why it is not one (answered to the caller as HTTP 400). */
export function readPostedTask(body: unknown): PostedTask | { problem: string } {
	if (!body || typeof body !== 'object' || Array.isArray(body))
		return { problem: 'The body is not a JSON object' };
	const record = body as IDataObject;
	const { taskId, status } = record;
	if (typeof taskId !== 'string' || !taskId.trim()) return { problem: 'The body has no taskId' };
	const taskType = typeof status === 'string' ? KIND_BY_STATUS.get(status) : undefined;
	if (!taskType)
		return {
			problem: `The body's status ${JSON.stringify(status)} is not a task status of the Unified Generation API`,
		};
	return {
		taskType,
		kind: CALLBACK_KINDS[taskType],
		id: taskId.trim(),
		status: status as string,
		body: record,
	};
}
