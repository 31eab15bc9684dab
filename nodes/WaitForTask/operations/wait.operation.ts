import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { waitProperties, readWaitSettings } from '../../shared/fields/wait';
import type { WaitSettings } from '../../shared/fields/wait';
import { errorItem } from '../../shared/item-loop';
import type { PollResult } from '../../shared/polling';
import { attachDownloads, failureMessage, resultUrls, stateJson, waitForTasks } from '../../shared/task-waiting';
import type { TaskKind, TaskState } from '../../shared/task-waiting';
import { taskFields } from './fields';

export const properties: INodeProperties[] = [
	...taskFields(['wait']),
	...waitProperties({ show: { operation: ['wait'] } }),
];

interface Pending {
	itemIndex: number;
	taskId: string;
}

/**
 * Polls the tasks of all input items together. Output 1 gets completed tasks; output 2 every task
 * that did not complete (failed, timed out, unreadable, or completed with a failed download), each
 * with its taskId, last status and the reason, so no task is ever dropped.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const kind = ctx.getNodeParameter('taskType', 0) as TaskKind;
	const settings = readWaitSettings(ctx);
	const completed: INodeExecutionData[] = [];
	const notCompleted: INodeExecutionData[] = [];
	const pending: Pending[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const taskId = String(ctx.getNodeParameter('taskId', itemIndex, '') ?? '').trim();
		if (taskId) {
			pending.push({ itemIndex, taskId });
			continue;
		}
		const error = new NodeOperationError(ctx.getNode(), 'Task ID is empty', {
			itemIndex,
			description: 'Map the taskId of the Create node\'s output, for example {{ $json.taskId }}',
		});
		if (!ctx.continueOnFail()) throw error;
		notCompleted.push(errorItem(error, itemIndex, items[itemIndex].json));
	}
	const results = await waitForTasks(ctx, kind, pending, settings.poll);
	for (const [index, result] of results.entries()) {
		const { itemIndex, taskId } = pending[index];
		const base = { ...items[itemIndex].json, taskId };
		const item = await toItem(ctx, base, result, settings);
		item.pairedItem = { item: itemIndex };
		(result.outcome === 'succeeded' && !item.json.error ? completed : notCompleted).push(item);
	}
	return [completed, notCompleted];
}

async function toItem(
	ctx: IExecuteFunctions,
	base: IDataObject,
	result: PollResult<TaskState>,
	settings: WaitSettings,
): Promise<INodeExecutionData> {
	const json: IDataObject = { ...base, ...stateJson(result.last), outcome: result.outcome };
	if (result.outcome !== 'succeeded') {
		return { json: { ...json, error: failureMessage(result, settings.poll.timeoutMs) } };
	}
	const item: INodeExecutionData = { json };
	if (!settings.download) return item;
	try {
		await attachDownloads(ctx, item, resultUrls(result.last), settings.binaryProperty, String(base.taskId));
	} catch (error) {
		item.json.error = `The task completed but downloading its result failed: ${(error as Error).message}`;
		item.json.outcome = 'downloadFailed';
	}
	return item;
}
