import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { estimateCredits } from '../pricing';
import { validateRequest } from '../rules';
import type { CreateTaskRequest } from '../rules';
import type { CreatedTask } from '../unified-api';

/** One input item on its way through a batch: its request, its price, and what became of it. */
export interface PlannedItem {
	itemIndex: number;
	request?: CreateTaskRequest;
	/** null: the price cannot be known before sending (a final follows its draft, an sd2.5 edit its source). */
	estimate?: number | null;
	created?: CreatedTask;
	error?: Error;
}

export type RequestBuilder = (itemIndex: number) => CreateTaskRequest;

/**
 * Builds, validates and prices every item before anything is sent, then applies the budget in
 * item order: an item whose estimate would take the running total past the budget is refused.
 */
export function planItems(ctx: IExecuteFunctions, build: RequestBuilder, budget: number): PlannedItem[] {
	const planned = ctx.getInputData().map((_, itemIndex) => planOne(ctx, build, itemIndex));
	if (budget > 0) applyBudget(ctx, planned, budget);
	return planned;
}

function planOne(ctx: IExecuteFunctions, build: RequestBuilder, itemIndex: number): PlannedItem {
	try {
		const request = build(itemIndex);
		const verdict = validateRequest(request);
		if (!verdict.ok) {
			const field = verdict.path ? `Field: ${verdict.path}. ` : '';
			const error = new NodeOperationError(ctx.getNode(), `${verdict.code}: ${verdict.message}`, {
				itemIndex,
				description: `${field}Nothing was sent and no credits were spent.`,
			});
			return { itemIndex, request, error };
		}
		return { itemIndex, request, estimate: estimateCredits(request) };
	} catch (error) {
		return { itemIndex, error: error as Error };
	}
}

function applyBudget(ctx: IExecuteFunctions, planned: PlannedItem[], budget: number): void {
	let total = 0;
	for (const item of planned) {
		if (item.error) continue;
		if (item.estimate === null || item.estimate === undefined) {
			const why = 'its price cannot be estimated before sending (a final follows its draft, an sd2.5 edit its source video)';
			item.error = refusal(ctx, item.itemIndex, why, budget, total);
		} else if (total + item.estimate > budget) {
			item.error = refusal(ctx, item.itemIndex, `it is estimated at ${item.estimate} credits`, budget, total);
		} else {
			total += item.estimate;
		}
	}
}

function refusal(ctx: IExecuteFunctions, itemIndex: number, why: string, budget: number, total: number) {
	return new NodeOperationError(ctx.getNode(), `BUDGET_EXCEEDED: item not sent, ${why}`, {
		itemIndex,
		description: `The budget is ${budget} credits and earlier items already take ${total}. Raise Budget (Credits) in Batch Options, or send fewer items.`,
	});
}
