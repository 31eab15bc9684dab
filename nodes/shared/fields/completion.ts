import type { INodeProperties } from 'n8n-workflow';

import { waitProperties } from './wait';

/** The Create nodes' choice to return at once or wait for the tasks (then optionally download). */
export function completionProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Return at Once',
					value: 'none',
					description: 'Output the taskId and orderId as soon as each task is created',
				},
				{
					name: 'Wait',
					value: 'wait',
					description: 'Wait for all tasks of this execution together, then output their results',
				},
			],
			default: 'none',
		},
		...waitProperties({ show: { waitForCompletion: ['wait'] } }),
	];
}
