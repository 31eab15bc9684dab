import type { IDataObject } from 'n8n-workflow';

import { COMPAT_PATHS } from '../transport/api/compat';
import { COMPAT } from '../catalog';
import { DEFAULT_POLL } from '../polling';
import type { PollOptions } from '../polling';
import { validateCompatTask } from '../rules';
import { apiRequest } from '../transport';
import {
	asRecord,
	epochMs,
	errorText,
	phaseFrom,
	requireId,
	requireStatus,
	urlsOf,
} from './answers';
import type { TaskKind } from './types';

/**
 * running → succeeded | failed (Task-Compatible Video Generation API, § States and transitions >
 * Task).
 */
const [, succeeded, failed] = COMPAT.taskStatuses;

/** Tasks of the Task-Compatible Video API: POST and GET /v1/contents/generations/tasks. */
export const compatTasks: TaskKind<IDataObject> = {
	name: 'compat',
	service: 'compat',
	idField: 'id',
	validate: (request) => validateCompatTask(request),
	// Task-Compatible Video Generation API shows no price table: cost is settled by the service
	// when the task completes.
	estimate: () => ({
		credits: null,
		reason:
			'the Task-Compatible Video API shows no prices: the service settles the cost when the task completes',
	}),
	async create(ctx, request, itemIndex, timeoutMs) {
		const answer = asRecord(
			await apiRequest(ctx, 'compat', {
				method: 'POST',
				path: COMPAT_PATHS.tasks,
				body: request,
				itemIndex,
				timeoutMs,
			}),
			'the task request',
		);
		const id = requireId(answer, 'id', 'the task request');
		return {
			id,
			json: { id, status: answer.status ?? null, model: answer.model ?? request.model ?? null },
		};
	},
	async query(ctx, id, itemIndex, deadline) {
		const answer = await apiRequest(ctx, 'compat', {
			method: 'GET',
			path: COMPAT_PATHS.task(id),
			itemIndex,
			deadline,
			subject: { kind: 'task', id },
		});
		return requireStatus(asRecord(answer, 'the task query'), 'the task query');
	},
	phase: phaseFrom({ succeeded, failed }),
	resultUrls: (state) =>
		urlsOf(state.content, (item) =>
			item.type === 'video_url' ? (item.video_url as IDataObject | undefined)?.url : undefined,
		),
	// The shape of a failed compat task is "not shown": read `error` as either a string or {code, message}.
	failureReason: (state) => errorText(state.error),
	// Unix seconds, as upstream. Task-Compatible Video Generation API, § Task shows no completion
	// time: `updated_at` of a finished task is read as it when present; without it the wait takes
	// the moment it saw the task finished.
	times: (state) => ({
		createdAt: epochMs(state.created_at, 1000),
		completedAt:
			state.status === succeeded || state.status === failed
				? epochMs(state.updated_at, 1000)
				: undefined,
	}),
};

/**
 * Task-Compatible Video Generation API, § Limits recommends polling every 10-30 s: no task is
 * checked more often than every 10 s, nor less often than every 30 s.
 */
export const COMPAT_POLL: PollOptions = {
	...DEFAULT_POLL,
	intervalMs: COMPAT.pollIntervalSeconds.min * 1000,
	maxIntervalMs: COMPAT.pollIntervalSeconds.max * 1000,
};

/**
 * When a succeeded task's result link stops working: 24 hours after completion (Task-Compatible
 * Video Generation API, § Limits). Its § Task shows no completion time; the upstream format's
 * `updated_at` (unix seconds) is read as it, else `created_at` (an earlier time, so the expiry is
 * never announced late); null when neither is there.
 */
export function resultLinkExpiry(state: IDataObject): Date | null {
	const stamp = [state.updated_at, state.created_at].find(
		(value) => typeof value === 'number' && value > 0,
	) as number | undefined;
	return stamp === undefined ? null : new Date((stamp + COMPAT.resultLinkHours * 3600) * 1000);
}
