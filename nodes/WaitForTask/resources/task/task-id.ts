import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../settings/ids';
import { chosenByModel } from '../../../shared/fields/tool';

/** Task Type and Task ID: the fields of the operations that address one task (Get, Wait). */
export function taskFields(): INodeProperties[] {
	return [
		{
			displayName: 'Task Type',
			name: 'taskType',
			description:
				'Which kind of task the IDs belong to: a video or image generation, or a standalone upscale',
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
		},
		...chosenByModel(
			{
				displayName: 'Task ID',
				name: 'taskId',
				type: 'string',
				default: '={{ $json.taskId }}',
				required: true,
				description: 'The taskId returned when the task was created (not the orderId)',
			},
			'taskId',
			'The taskId that a Create Video, Create Image or Upscale tool call answered with (not the orderId)',
		),
	];
}

export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'taskId',
		label: 'Task ID',
		hint: "Map the taskId of the Create node's output, for example {{ $json.taskId }}",
	});
}
