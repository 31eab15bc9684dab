import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isCancelled } from '../execution/abort';
import { downloadToBinary } from '../transport/binary';
import type { DownloadContext } from '../transport/binary';
import { mapWithLimit } from '../execution/concurrency';
import type { PollOptions as PollSettings } from '../polling/defaults';
import { pollAll } from '../polling';
import { groupKey } from '../polling/groups';
import type { PollOutcome, PollResult } from '../polling';
import { isPermanentError } from '../transport/permanent';
import type { TaskReader } from '../tasks';
import type { Service } from '../transport';
import { progressReporter } from '../polling/progress';
import { nextStepAfter } from './task-advice';

/** What the download fields say (read by nodes/settings/wait.ts). */
export interface DownloadFields {
	download: boolean;
	binaryProperty: string;
	allowPrivateHosts: boolean;
}

/** What the wait fields say, read once per execution (nodes/settings/wait.ts). */
export interface WaitSettings extends DownloadFields {
	poll: PollSettings;
}

/** Result files downloaded at once: a few in parallel, within the same deadline as the wait. */
const DOWNLOADS_AT_ONCE = 3;

export interface WaitedTask {
	id: string;
	itemIndex: number;
}

/** What one waited-on task became: its last state, its files when asked, or why it did not complete. */
export interface SettledTask {
	state: IDataObject;
	binary?: INodeExecutionData['binary'];
	outcome: PollOutcome | 'downloadFailed';
	/** Set for every outcome but 'succeeded'. */
	reason?: string;
}

/**
 * Waits on the tasks of all items together, then settles each: its final state, its files when
 * asked, or the reason it did not complete. One deadline (the wait's timeout) bounds it all.
 */
export async function waitForTasks(
	ctx: IExecuteFunctions,
	kind: TaskReader,
	tasks: readonly WaitedTask[],
	settings: WaitSettings,
): Promise<SettledTask[]> {
	const deadline = Date.now() + settings.poll.timeoutMs;
	const inputs = ctx.getInputData();
	const poller = {
		query: (id: string, index: number, until: number) =>
			kind.query(ctx, id, tasks[index].itemIndex, until),
		phase: kind.phase,
		isPermanent: isPermanentError,
		times: kind.times,
		group: (index: number) => groupKey(inputs[tasks[index].itemIndex]?.json),
		observe: progressReporter(ctx, tasks),
	};
	const ids = tasks.map((task) => task.id);
	const results = await pollAll(ctx, ids, poller, settings.poll, deadline);
	const settled = await mapWithLimit(
		results,
		DOWNLOADS_AT_ONCE,
		async (result, index) =>
			await settle(ctx, kind, result, settings, { id: ids[index], deadline }),
	);
	return settled.map((entry) => entry!);
}

export async function settle(
	ctx: DownloadContext,
	kind: TaskReader,
	result: PollResult<IDataObject>,
	settings: WaitSettings,
	task: { id: string; deadline: number },
): Promise<SettledTask> {
	const state: IDataObject = result.last ? { ...result.last } : {};
	if (result.outcome !== 'succeeded') {
		return {
			state,
			outcome: result.outcome,
			reason: failureMessage(kind, result, settings.poll.timeoutMs),
		};
	}
	if (!settings.download) return { state, outcome: 'succeeded' };
	if (isCancelled(ctx))
		return {
			state,
			outcome: 'cancelled',
			reason: `The task completed, but the execution was stopped before its download. ${nextStepAfter(kind.name, 'downloadFailed')}`,
		};
	try {
		const binary = await downloads(ctx, kind.resultUrls(state), settings, {
			...task,
			service: kind.service,
		});
		return { state, binary, outcome: 'succeeded' };
	} catch (error) {
		const reason = `The task completed, but downloading its result failed: ${(error as Error).message}`;
		return { state, outcome: 'downloadFailed', reason };
	}
}

const STOPPED = 'the execution was stopped while waiting; the task goes on at the service';

/** Why a task did not complete, in the service's words where it gave any. */
function failureMessage(
	kind: TaskReader,
	result: PollResult<IDataObject>,
	timeoutMs: number,
): string {
	const { last, error } = result;
	const seconds = Math.round(timeoutMs / 1000);
	switch (result.outcome) {
		case 'cancelled':
			return `Not finished: ${STOPPED}. ${nextStepAfter(kind.name, 'cancelled')}`;
		case 'error':
			return error?.message ?? 'The task could not be read';
		case 'failed':
			return (last && kind.failureReason(last)) ?? 'The task failed without a message';
		default: {
			const failedCheck = error ? `; the last check failed: ${error.message}` : '';
			if (result.unreachableMs !== undefined)
				return `The service answered no status check for ${Math.round(result.unreachableMs / 60_000)} minutes${failedCheck}, so the wait ended. ${nextStepAfter(kind.name, 'error')}`;
			if (!last)
				return `No status could be read within ${seconds} s${failedCheck || ': no check was made'}. ${nextStepAfter(kind.name, 'timedOut')}`;
			return `Still running after ${seconds} s (last status ${String(last.status)})${failedCheck}. ${nextStepAfter(kind.name, 'timedOut')}`;
		}
	}
}

/**
 * Every result file of a task in the item's binary data: the first in `property`, the next ones
 * in `property_1`, `property_2`, ... so one task with several outputs keeps them all.
 */
async function downloads(
	ctx: DownloadContext,
	urls: string[],
	{ binaryProperty: property, allowPrivateHosts }: DownloadFields,
	task: { id: string; deadline: number; service: Service },
): Promise<INodeExecutionData['binary']> {
	const binary: NonNullable<INodeExecutionData['binary']> = {};
	const options = { deadline: task.deadline, service: task.service, allowPrivateHosts };
	for (const [index, url] of urls.entries()) {
		const key = index === 0 ? property : `${property}_${index}`;
		binary[key] = await downloadToBinary(ctx, url, `${task.id}-${index}`, options);
	}
	return binary;
}
