import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { downloadToBinary } from './binary';
import type { WaitSettings } from './fields/wait';
import { pollAll } from './polling';
import type { Phase, PollOptions, PollResult } from './polling';
import { queryTask, queryUpscale } from './unified-api';
import type { TaskResponse, UpscaleTaskResponse } from './unified-api';

/** Generation tasks (`/jobs/queryTask`) and standalone upscale tasks (`/upscale/query`). */
export type TaskKind = 'generation' | 'upscale';

export type TaskState = TaskResponse | UpscaleTaskResponse;

/** The fixed terminal states of each kind (spec: States and transitions). */
const PHASES: Record<string, Phase> = {
	COMPLETED: 'succeeded',
	FAILED: 'failed',
	completed: 'succeeded',
	failed: 'failed',
};

export function phaseOf(state: TaskState): Phase {
	return PHASES[String(state.status)] ?? 'running';
}

/** A 4xx other than 429 (unknown task, another account's task, bad key) will not change by asking again. */
export function isPermanentError(error: Error): boolean {
	const code = Number(error instanceof NodeApiError ? error.httpCode : NaN);
	return code >= 400 && code < 500 && code !== 429;
}

export function waitForTasks(
	ctx: IExecuteFunctions,
	kind: TaskKind,
	tasks: ReadonlyArray<{ taskId: string; itemIndex: number }>,
	options: PollOptions,
): Promise<Array<PollResult<TaskState>>> {
	const query = (taskId: string, index: number): Promise<TaskState> =>
		kind === 'upscale'
			? queryUpscale(ctx, taskId, tasks[index].itemIndex)
			: queryTask(ctx, taskId, tasks[index].itemIndex);
	const ids = tasks.map((task) => task.taskId);
	return pollAll(ids, { query, phase: phaseOf, isPermanent: isPermanentError }, options);
}

/** The files a finished task produced. */
function resultUrls(state: TaskState | undefined): string[] {
	if (!state) return [];
	if ('output' in state && Array.isArray(state.output)) return state.output.map((file) => file.url);
	const result = (state as UpscaleTaskResponse).result;
	return result?.url ? [result.url] : [];
}

/** Why a task did not complete, in the spec's words (its error message or code). */
function failureMessage(result: PollResult<TaskState>, timeoutMs: number): string {
	const state = result.last;
	if (result.outcome === 'timedOut') {
		const status = state ? ` (last status ${String(state.status)})` : '';
		return `Still running after ${Math.round(timeoutMs / 1000)} s${status}: wait again later with Wait For Task, or raise the timeout`;
	}
	if (result.outcome === 'error') return result.error?.message ?? 'The task could not be read';
	const error = state?.error;
	if (error && typeof error === 'object') return `${error.code}: ${error.message}`;
	return typeof error === 'string' && error ? error : 'The task failed without a message';
}

/**
 * Puts every result file of a task into the item's binary data: the first in `property`, the
 * next ones in `property_1`, `property_2`, ... so one task with several outputs keeps them all.
 */
async function attachDownloads(
	ctx: IExecuteFunctions,
	item: INodeExecutionData,
	urls: string[],
	property: string,
	taskId: string,
): Promise<void> {
	item.binary = item.binary ?? {};
	for (const [index, url] of urls.entries()) {
		const key = index === 0 ? property : `${property}_${index}`;
		item.binary[key] = await downloadToBinary(ctx, url, `${taskId}-${index}`);
	}
}

/** What one waited-on task became: its last state, its files when asked, or why it did not complete. */
export interface SettledTask {
	state: IDataObject;
	binary?: INodeExecutionData['binary'];
	outcome: PollResult<TaskState>['outcome'] | 'downloadFailed';
	/** Set for every outcome but 'succeeded'. */
	reason?: string;
}

/** Turns a poll result into what both Wait For Task and the Create nodes' wait report. */
export async function settleTask(
	ctx: IExecuteFunctions,
	result: PollResult<TaskState>,
	settings: WaitSettings,
	taskId: string,
): Promise<SettledTask> {
	const state: IDataObject = result.last ? { ...result.last } : {};
	if (result.outcome !== 'succeeded') {
		return { state, outcome: result.outcome, reason: failureMessage(result, settings.poll.timeoutMs) };
	}
	if (!settings.download) return { state, outcome: 'succeeded' };
	const files: INodeExecutionData = { json: state };
	try {
		await attachDownloads(ctx, files, resultUrls(result.last), settings.binaryProperty, taskId);
		return { state, binary: files.binary, outcome: 'succeeded' };
	} catch (error) {
		const reason = `The task completed, but downloading its result failed: ${(error as Error).message}`;
		return { state, outcome: 'downloadFailed', reason };
	}
}
