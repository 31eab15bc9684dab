import type { IDataObject } from 'n8n-workflow';

import { COMPAT_PATHS } from '../transport/api/compat';
import { COMPAT } from '../catalog';
import { DEFAULT_POLL } from '../polling';
import type { PollOptions } from '../polling';
import { validateCompatTask } from '../rules';
import { apiRequest } from '../transport';
import { asRecord, requireId, requireStatus } from '../transport/answers';
import { epochMs, errorText, phaseFrom } from './answers';
import { compatVideoUrls } from './compat-content';
import type { TaskKind } from './types';

/**
 * running → succeeded | failed (Task-Compatible Video Generation API, § States and transitions >
 * Task).
 */
const [, succeeded, failed] = COMPAT.taskStatuses;

const statusPhase = phaseFrom({ succeeded, failed });

/** A task the service calls succeeded whose answer holds no video URL in either shape of `content`. */
export const lacksVideo = (state: IDataObject): boolean =>
	state.status === succeeded && compatVideoUrls(state.content).length === 0;

export const NO_VIDEO_HEAD = "succeeded, but the service's answer holds no video URL";

/** What to do about it, for the item's error description. */
export const NO_VIDEO_FIX =
	'Neither content[].video_url.url (Task-Compatible Video API, Resources > Task) nor content.video_url.url is in it, so there is no video to return or download. Read the task again later with Compat Task → Task → Get; if it stays so, ask the service about this task id.';

const NO_VIDEO = `The task ${NO_VIDEO_HEAD}. ${NO_VIDEO_FIX}`;

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
	// A succeeded task without a video is no success: its item fails, never "succeeded" with no file.
	phase: (state) => {
		const phase = statusPhase(state);
		return phase === 'succeeded' && lacksVideo(state) ? 'failed' : phase;
	},
	resultUrls: (state) => compatVideoUrls(state.content),
	// The shape of a failed compat task is "not shown": read `error` as either a string or {code, message}.
	failureReason: (state) => (lacksVideo(state) ? NO_VIDEO : errorText(state.error)),
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
 * `updated_at` (unix seconds) is read as it. Without it the expiry is unknown (null): `created_at`
 * would call a link of a long task expired while it still works, so the download is tried and the
 * file host's answer decides.
 */
export function resultLinkExpiry(state: IDataObject): Date | null {
	const completed = epochMs(state.updated_at, 1000);
	return completed === undefined
		? null
		: new Date(completed + COMPAT.resultLinkHours * 3600 * 1000);
}
