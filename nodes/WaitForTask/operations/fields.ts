import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { generationTasks, upscaleTasks } from '../../shared/tasks';
import type { TaskKind } from '../../shared/tasks';

/** The task kinds this node reads, by the value of its Task Type field. */
const KINDS = { generation: generationTasks, upscale: upscaleTasks } as const;

export function taskKindOf(ctx: IExecuteFunctions): TaskKind<never> {
	const type = ctx.getNodeParameter('taskType', 0, 'generation') as keyof typeof KINDS;
	return KINDS[type] ?? generationTasks;
}

/** The item's task id, trimmed; an empty one is the user's to fix, not the service's to refuse. */
export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	const taskId = String(ctx.getNodeParameter('taskId', itemIndex, '') ?? '').trim();
	if (taskId) return taskId;
	throw new NodeOperationError(ctx.getNode(), 'Task ID is empty', {
		itemIndex,
		description: "Map the taskId of the Create node's output, for example {{ $json.taskId }}",
	});
}

/** Fields shared by the operations that address one task. */
export function taskFields(operations: string[]): INodeProperties[] {
	const displayOptions = { show: { operation: operations } };
	return [
		{
			displayName: 'Task Type',
			name: 'taskType',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Generation Task',
					value: 'generation',
					description: 'A video or image task from Create Video (/jobs/queryTask)',
				},
				{
					name: 'Upscale Task',
					value: 'upscale',
					description: 'A standalone upscaling task (/upscale/query)',
				},
			],
			default: 'generation',
			displayOptions,
		},
		{
			displayName: 'Task ID',
			name: 'taskId',
			type: 'string',
			default: '={{ $json.taskId }}',
			required: true,
			description: 'The taskId returned when the task was created (not the orderId)',
			displayOptions,
		},
	];
}
