import type { INodeProperties } from 'n8n-workflow';

/**
 * Options every Create node shares: the webhook, and the batch controls (budget, concurrency).
 * The budget is checked against the catalog's price estimate before anything is sent.
 */
export const callBackUrlOption: INodeProperties = {
	displayName: 'Callback URL',
	name: 'callBackUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/webhook',
	description: 'The service POSTs the finished task here (use the Task Trigger node\'s URL to start another workflow)',
};

export function batchOptions(): INodeProperties {
	return {
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Budget (Credits)',
				name: 'budget',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Most credits this execution may spend; items whose estimate would pass it are refused before anything is sent. 0 means no budget.',
			},
			{
				displayName: 'Parallel Submissions',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 20 },
				default: 4,
				description: 'How many create requests may be in flight at once',
			},
			{
				displayName: 'Request Timeout (Seconds)',
				name: 'requestTimeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60,
				description:
					'Longest time one create request may take, answer included. A create without a clear answer may still have created a task, so the batch then stops sending.',
			},
		],
	};
}
