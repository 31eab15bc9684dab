import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { eachItem, errorItem } from '../../../shared/execution/item-loop';
import { simplifiedTasks } from './simplified';
import { readTaskId } from './task-id';
import { taskKindOf } from './task-kind';

/** Get Task's outputs (Completed, Running, Failed): a task goes where its state says, one that cannot be read to Failed. */
const OUTPUT = { succeeded: 0, running: 1, failed: 2 } as const;

/** Reads each item's task once, whatever its state. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const kind = taskKindOf(ctx);
	const outputs: INodeExecutionData[][] = [[], [], []];
	const routed = await eachItem<{ output: number; item: INodeExecutionData }>(
		ctx,
		async (itemIndex) => {
			const state = await kind.query(ctx, readTaskId(ctx, itemIndex), itemIndex);
			const item = { json: state, pairedItem: { item: itemIndex } };
			return { output: OUTPUT[kind.phase(state)], item };
		},
		(error, itemIndex) => ({ output: OUTPUT.failed, item: errorItem(error, itemIndex) }),
	);
	for (const { output, item } of routed) outputs[output].push(item);
	return simplifiedTasks(ctx, outputs);
}
