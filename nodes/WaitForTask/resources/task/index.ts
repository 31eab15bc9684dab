import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../shared/fields/required-id';

import { cursorField, returnAllFields } from '../../../shared/fields/paging';
import { waitProperties } from '../../../shared/fields/wait';

export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'taskId',
		label: 'Task ID',
		hint: "Map the taskId of the Create node's output, for example {{ $json.taskId }}",
	});
}

/** Fields shared by the operations that address one task. */
export function taskFields(operations: string[]): INodeProperties[] {
	const displayOptions = { show: { operation: operations } };
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

/**
 * Wait For Task's fields, by operation. Apart from the operations' code: n8n reads every node's
 * description at start-up, and an operation's code is loaded at its first run.
 */
export const operationFields: Record<'get' | 'relations' | 'wait', INodeProperties[]> = {
	get: taskFields(['get']),
	relations: [
		{
			displayName: 'Order ID',
			name: 'orderId',
			type: 'string',
			default: '={{ $json.orderId }}',
			required: true,
			description:
				'The orderId of a draft (lists its finals) or of a final (returns its source draft)',
			displayOptions: { show: { operation: ['relations'] } },
		},
		...returnAllFields({ operation: ['relations'] }, true),
		cursorField({ operation: ['relations'] }),
	],
	wait: [...taskFields(['wait']), ...waitProperties({ show: { operation: ['wait'] } })],
};
