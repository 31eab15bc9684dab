import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { mapWithLimit } from '../concurrency';
import { createTask } from '../unified-api';
import type { PlannedItem } from './plan';

const isPaymentRequired = (error: unknown) => error instanceof NodeApiError && error.httpCode === '402';

/**
 * Sends the planned items' createTask requests, at most `concurrency` at a time. A 402 stops
 * further submissions (the balance will not grow by itself); every item not sent says why.
 */
export async function submitPlanned(ctx: IExecuteFunctions, planned: PlannedItem[], concurrency: number): Promise<void> {
	const ready = planned.filter((item) => item.request && !item.error);
	let outOfCredits = false;
	await mapWithLimit(
		ready,
		concurrency,
		async (item) => {
			try {
				item.created = await createTask(ctx, { ...item.request! }, item.itemIndex);
			} catch (error) {
				item.error = error as Error;
				outOfCredits ||= isPaymentRequired(error);
			}
		},
		() => outOfCredits,
	);
	for (const item of ready) {
		if (item.created || item.error) continue;
		item.error = new NodeOperationError(ctx.getNode(), 'Not sent: an earlier item of this batch got HTTP 402, insufficient credits', {
			itemIndex: item.itemIndex,
			description: 'Nothing was created for this item. Top up or enable automatic top-up, then run the remaining items again.',
		});
	}
}
