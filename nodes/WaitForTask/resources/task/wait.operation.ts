import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readWaitSettings } from '../../../shared/fields/wait';
import { asNodeError, errorItem } from '../../../shared/execution/item-loop';
import { waitForTasks } from '../../../shared/polling/task-waiting';
import type { WaitedTask } from '../../../shared/polling/task-waiting';
import { readTaskId } from './index';
import { taskKindOf } from './task-kind';

/**
 * Polls the tasks of all input items together. Output 1 gets completed tasks; output 2 every task
 * that did not complete (failed, timed out, unreadable, or completed with a failed download), each
 * with its taskId, last status and the reason, so no task is ever dropped. An item a Create node
 * skipped (created in an earlier run, no task id in this one) goes to output 2 as it came.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const kind = taskKindOf(ctx);
	const completed: INodeExecutionData[] = [];
	const notCompleted: INodeExecutionData[] = [];
	const pending: WaitedTask[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		if (wasSkipped(ctx, itemIndex)) {
			notCompleted.push({
				json: { ...items[itemIndex].json, outcome: 'skipped' },
				pairedItem: { item: itemIndex },
			});
			continue;
		}
		try {
			pending.push({ id: readTaskId(ctx, itemIndex), itemIndex });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			notCompleted.push(errorItem(error as Error, itemIndex, items[itemIndex].json));
		}
	}
	const settled = await waitForTasks(ctx, kind, pending, readWaitSettings(ctx));
	for (const [index, { state, binary, outcome, reason }] of settled.entries()) {
		const { itemIndex, id } = pending[index];
		const json: IDataObject = {
			...items[itemIndex].json,
			[kind.idField]: id,
			...state,
			outcome,
			...(reason ? { error: reason } : {}),
		};
		const item: INodeExecutionData = {
			json,
			...(binary ? { binary } : {}),
			pairedItem: { item: itemIndex },
		};
		(outcome === 'succeeded' ? completed : notCompleted).push(item);
	}
	return [completed, notCompleted];
}

/** A Create node's skipped item whose Task ID field is left empty: nothing to wait for, and no error. */
function wasSkipped(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const item = ctx.getInputData()[itemIndex].json;
	const id = String(ctx.getNodeParameter('taskId', itemIndex, '') ?? '').trim();
	return item.skipped === true && id === '';
}
