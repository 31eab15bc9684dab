import type { INodeProperties } from 'n8n-workflow';

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
					description: 'A video or image task from Create Video or Create Image (/jobs/queryTask)',
				},
				{
					name: 'Upscale Task',
					value: 'upscale',
					description: 'A standalone upscaling task from Upscale (/upscale/query)',
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
