import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readWaitSettings } from '../../../shared/fields/wait';
import { asNodeError, errorItem } from '../../../shared/execution/item-loop';
import { waitForTasks } from '../../../shared/polling/task-waiting';
import type { WaitedTask } from '../../../shared/polling/task-waiting';
import { compatTasks } from '../../../shared/tasks';
import { COMPAT_POLL } from '../../../shared/tasks/compat';
import { readTaskId } from './task-id';

/**
 * Waits on the tasks of all items together (every 10 s, growing to 30 s, by default). Output 1:
 * succeeded tasks, with their video when asked (downloaded at once: the link lives 24 hours).
 * Output 2: every other task (failed, timed out, unreadable, failed download) with its id and why.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const [succeeded, others]: INodeExecutionData[][] = [[], []];
	const pending: WaitedTask[] = [];
	items.forEach((_, itemIndex) => {
		try {
			pending.push({ id: readTaskId(ctx, itemIndex), itemIndex });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			others.push(errorItem(error as Error, itemIndex, items[itemIndex].json));
		}
	});
	const settled = await waitForTasks(
		ctx,
		compatTasks as never,
		pending,
		readWaitSettings(ctx, COMPAT_POLL),
	);
	settled.forEach(({ state, binary, outcome, reason }, index) => {
		const { itemIndex, id } = pending[index];
		const json: IDataObject = {
			...items[itemIndex].json,
			id,
			...state,
			outcome,
			...(reason ? { error: reason } : {}),
		};
		(outcome === 'succeeded' ? succeeded : others).push({
			json,
			...(binary ? { binary } : {}),
			pairedItem: { item: itemIndex },
		});
	});
	return [succeeded, others];
}
