import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { TaskKind } from '../tasks';
import type { ItemFailure } from './outcomes';

/** An item that passed the rules: its request and its price (null: not knowable before sending). */
export interface ReadyItem<R> {
	itemIndex: number;
	/** Which of its item's requests this is (1..N), when the builder makes several (image variants). */
	variant?: number;
	request: R;
	estimate: number | null;
}

export type Planned<R> = ReadyItem<R> | ItemFailure;

/** One request per item, or a list: one task per entry, each reported as its own variant (1..N). */
export type RequestBuilder<R> = (itemIndex: number) => R | R[];

/** Builds, validates and prices every item before anything is sent. */
export function planItems<R>(ctx: IExecuteFunctions, kind: TaskKind<R>, build: RequestBuilder<R>): Array<Planned<R>> {
	return ctx.getInputData().flatMap((_, itemIndex) => planOne(ctx, kind, build, itemIndex));
}

function planOne<R>(ctx: IExecuteFunctions, kind: TaskKind<R>, build: RequestBuilder<R>, itemIndex: number): Array<Planned<R>> {
	try {
		const built = build(itemIndex);
		if (!Array.isArray(built)) return [planRequest(ctx, kind, built, itemIndex)];
		return built.map((request, index) => planRequest(ctx, kind, request, itemIndex, index + 1));
	} catch (error) {
		return [{ itemIndex, error: error as Error, sent: 'no' }];
	}
}

function planRequest<R>(ctx: IExecuteFunctions, kind: TaskKind<R>, request: R, itemIndex: number, variant?: number): Planned<R> {
	const verdict = kind.validate(request);
	if (verdict.ok) return { itemIndex, variant, request, estimate: kind.estimate(request) };
	return { itemIndex, variant, error: refusedBeforeSending(ctx, itemIndex, verdict), sent: 'no' };
}

/** A fault in the spec's words, found before sending: the code first, the field in the description. */
export function refusedBeforeSending(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fault: { code: string; message: string; path?: string },
): NodeOperationError {
	const field = fault.path ? `Field: ${fault.path}. ` : '';
	return new NodeOperationError(ctx.getNode(), `${fault.code}: ${fault.message}`, {
		itemIndex,
		description: `${field}Nothing was sent and no credits were spent.`,
	});
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
			return refusal(ctx, item, why, budget, total);
		}
		if (total + item.estimate > budget) {
			return refusal(ctx, item, `it is estimated at ${item.estimate} credits`, budget, total);
		}
		total += item.estimate;
		return item;
	});
}

function refusal(ctx: IExecuteFunctions, { itemIndex, variant }: ReadyItem<unknown>, why: string, budget: number, total: number): ItemFailure {
	const error = new NodeOperationError(ctx.getNode(), `BUDGET_EXCEEDED: item not sent, ${why}`, {
		itemIndex,
		description: `The budget is ${budget} credits and earlier items already take ${total}. Raise Budget (Credits) in Batch Options, or send fewer items.`,
	});
	return { itemIndex, variant, error, sent: 'no' };
}
