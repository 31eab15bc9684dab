import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { TaskKind } from '../tasks';
import type { ItemFailure } from './outcomes';

/** An item that passed the rules: its request and its price (null: not knowable before sending). */
export interface ReadyItem<R> {
	itemIndex: number;
	request: R;
	estimate: number | null;
}

export type Planned<R> = ReadyItem<R> | ItemFailure;

export type RequestBuilder<R> = (itemIndex: number) => R;

/** Builds, validates and prices every item before anything is sent. */
export function planItems<R>(ctx: IExecuteFunctions, kind: TaskKind<R>, build: RequestBuilder<R>): Array<Planned<R>> {
	return ctx.getInputData().map((_, itemIndex) => planOne(ctx, kind, build, itemIndex));
}

function planOne<R>(ctx: IExecuteFunctions, kind: TaskKind<R>, build: RequestBuilder<R>, itemIndex: number): Planned<R> {
	try {
		const request = build(itemIndex);
		const verdict = kind.validate(request);
		if (verdict.ok) return { itemIndex, request, estimate: kind.estimate(request) };
		const field = verdict.path ? `Field: ${verdict.path}. ` : '';
		const error = new NodeOperationError(ctx.getNode(), `${verdict.code}: ${verdict.message}`, {
			itemIndex,
			description: `${field}Nothing was sent and no credits were spent.`,
		});
		return { itemIndex, error, sent: 'no' };
	} catch (error) {
		return { itemIndex, error: error as Error, sent: 'no' };
	}
}

/**
 * Applies the budget in item order: an item whose estimate would take the running total past the
 * budget is refused, and so is one whose price cannot be known before sending.
 */
export function applyBudget<R>(ctx: IExecuteFunctions, planned: Array<Planned<R>>, budget: number): Array<Planned<R>> {
	if (!(budget > 0)) return planned;
	let total = 0;
	return planned.map((item) => {
		if ('error' in item) return item;
		if (item.estimate === null) {
			const why = 'its price cannot be known before sending (automatic length, a final that follows its draft, an sd2.5 edit billed on its source video)';
			return refusal(ctx, item.itemIndex, why, budget, total);
		}
		if (total + item.estimate > budget) {
			return refusal(ctx, item.itemIndex, `it is estimated at ${item.estimate} credits`, budget, total);
		}
		total += item.estimate;
		return item;
	});
}

function refusal(ctx: IExecuteFunctions, itemIndex: number, why: string, budget: number, total: number): ItemFailure {
	const error = new NodeOperationError(ctx.getNode(), `BUDGET_EXCEEDED: item not sent, ${why}`, {
		itemIndex,
		description: `The budget is ${budget} credits and earlier items already take ${total}. Raise Budget (Credits) in Batch Options, or send fewer items.`,
	});
	return { itemIndex, error, sent: 'no' };
}
