import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { refusedBeforeSending } from '../errors';
import type { Price } from '../pricing';
import type { TaskKind } from '../tasks';
import type { ItemFailure } from './outcomes';

/** An item that passed the rules: its request and its price (credits null, with the reason, when not knowable before sending). */
export interface ReadyItem<R> {
	itemIndex: number;
	/** Which of its item's requests this is (1..N), when the builder makes several (image variants). */
	variant?: number;
	request: R;
	price: Price;
}

export type Planned<R> = ReadyItem<R> | ItemFailure;

/** One request per item, or a list: one task per entry, each reported as its own variant (1..N). */
export type RequestBuilder<R> = (itemIndex: number) => R | R[];

/** Builds, validates and prices every item before anything is sent. */
export function planItems<R>(
	ctx: IExecuteFunctions,
	kind: TaskKind<R>,
	build: RequestBuilder<R>,
): Array<Planned<R>> {
	return ctx.getInputData().flatMap((_, itemIndex) => planOne(ctx, kind, build, itemIndex));
}

function planOne<R>(
	ctx: IExecuteFunctions,
	kind: TaskKind<R>,
	build: RequestBuilder<R>,
	itemIndex: number,
): Array<Planned<R>> {
	try {
		const built = build(itemIndex);
		if (!Array.isArray(built)) return [planRequest(ctx, kind, built, itemIndex)];
		return built.map((request, index) => planRequest(ctx, kind, request, itemIndex, index + 1));
	} catch (error) {
		return [{ itemIndex, error: error as Error, sent: 'no' }];
	}
}

function planRequest<R>(
	ctx: IExecuteFunctions,
	kind: TaskKind<R>,
	request: R,
	itemIndex: number,
	variant?: number,
): Planned<R> {
	const verdict = kind.validate(request);
	if (verdict.ok) return { itemIndex, variant, request, price: kind.estimate(request) };
	return { itemIndex, variant, error: refusedBeforeSending(ctx, itemIndex, verdict), sent: 'no' };
}

/**
 * Applies the budget in item order: an item whose estimate would take the running total past the
 * budget is refused, and so is one whose price cannot be known before sending (docs/architecture.md, Promises:
 * Budget).
 */
export function applyBudget<R>(
	ctx: IExecuteFunctions,
	planned: Array<Planned<R>>,
	budget: number,
	/** The fix a refusal names, when the budget is not the user's Budget (Credits): a tool's caps. */
	fixOf?: (estimate: number) => string,
): Array<Planned<R>> {
	if (!(budget > 0)) return planned;
	let total = 0;
	return planned.map((item) => {
		if ('error' in item) return item;
		const { price } = item;
		if (price.credits === null) {
			const fix =
				'Under a budget an item is sent only when its price is known. Give media whose length the node can read (binary data, an uploaded asset, a file host that answers range requests), or set Budget (Credits) to 0 to let the service bill the real length.';
			return refusal(ctx, item, `its price cannot be known before sending: ${price.reason}`, fix);
		}
		if (total + price.credits > budget) {
			const fix =
				fixOf?.(price.credits) ??
				`The budget is ${budget} credits and earlier items already take ${total}. Raise Budget (Credits) in Batch Options, or send fewer items.`;
			return refusal(ctx, item, `it is estimated at ${price.credits} credits`, fix);
		}
		total += price.credits;
		return item;
	});
}

function refusal(
	ctx: IExecuteFunctions,
	{ itemIndex, variant, price }: ReadyItem<unknown>,
	why: string,
	description: string,
): ItemFailure {
	const error = new NodeOperationError(ctx.getNode(), `BUDGET_EXCEEDED: item not sent, ${why}`, {
		itemIndex,
		description,
	});
	return { itemIndex, variant, error, sent: 'no', json: priceFields(price) };
}

/** How an item reports its price: `estimatedCredits`, and why it is null when it is. */
export function priceFields(price: Price): IDataObject {
	return price.credits === null
		? { estimatedCredits: null, estimateReason: price.reason }
		: { estimatedCredits: price.credits };
}
