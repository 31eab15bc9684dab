import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { waitProperties, readWaitSettings } from '../../shared/fields/wait';
import { errorItem } from '../../shared/item-loop';
import { settleTask, waitForTasks } from '../../shared/task-waiting';
import type { TaskKind } from '../../shared/task-waiting';
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
		const { state, binary, outcome, reason } = await settleTask(ctx, result, settings, taskId);
		const json: IDataObject = { ...items[itemIndex].json, taskId, ...state, outcome, ...(reason ? { error: reason } : {}) };
		const item: INodeExecutionData = { json, ...(binary ? { binary } : {}), pairedItem: { item: itemIndex } };
		(outcome === 'succeeded' ? completed : notCompleted).push(item);
	}
	return [completed, notCompleted];
}
