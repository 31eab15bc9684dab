import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, errorItem } from '../../../shared/execution/item-loop';
import { readTaskId } from './task-id';
import { taskKindOf } from './task-kind';

/** Get Task's outputs (Completed, Running, Failed): a task goes where its state says, one that cannot be read to Failed. */
const OUTPUT = { succeeded: 0, running: 1, failed: 2 } as const;

/** Reads each item's task once, whatever its state. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const kind = taskKindOf(ctx);
	const outputs: INodeExecutionData[][] = [[], [], []];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			const state = await kind.query(ctx, readTaskId(ctx, itemIndex), itemIndex);
			outputs[OUTPUT[kind.phase(state)]].push({ json: state, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			outputs[OUTPUT.failed].push(errorItem(error as Error, itemIndex));
		}
	}
	return outputs;
}
