import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { mapItems } from '../../shared/item-loop';
import { queryTask, queryUpscale } from '../../shared/unified-api';
import type { TaskKind } from '../../shared/task-waiting';
import { taskFields } from './fields';

export const properties: INodeProperties[] = taskFields(['get']);

/** Reads each item's task once, whatever its state. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const kind = ctx.getNodeParameter('taskType', 0) as TaskKind;
	const results = await mapItems(ctx, async (itemIndex) => {
		const taskId = String(ctx.getNodeParameter('taskId', itemIndex));
		return kind === 'upscale'
			? await queryUpscale(ctx, taskId, itemIndex)
			: await queryTask(ctx, taskId, itemIndex);
	});
	return [results];
}
