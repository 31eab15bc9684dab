import type { IExecuteFunctions } from 'n8n-workflow';

import { mapWithLimit } from '../execution/concurrency';
import { refusedBeforeSending } from '../errors';
import { asNodeError } from '../execution/item-loop';
import type { Planned, ReadyItem } from './plan';
import { priceRequest } from '../pricing';
import type { Price } from '../pricing';
import { validateRequestFacts } from '../rules';
import type { CreateTaskRequest } from '../rules';
import { factsOfRequest } from './request-facts';
import type { RequestFacts } from './request-facts';

/** Items whose media are read at once (each read is a few small requests or a file header). */
const ITEMS_AT_ONCE = 4;

/**
 * The Create nodes' assess stage for createTask requests: learns what can be known of each item's
 * media before anything is sent, refuses what the Unified Generation API, § Reference limits
 * forbids for those facts (clip lengths and totals; a binary file's format, size, pixels,
 * transparency for the model), and prices the item exactly, or says why its price cannot be known.
 * Variants of one item share its facts.
 */
export async function assessMedia(
	ctx: IExecuteFunctions,
	ready: Array<ReadyItem<CreateTaskRequest>>,
): Promise<Array<Planned<CreateTaskRequest>>> {
	const factsOfItem = new Map<number, Promise<RequestFacts>>();
	const factsOf = (entry: ReadyItem<CreateTaskRequest>) => {
		let facts = factsOfItem.get(entry.itemIndex);
		if (!facts)
			factsOfItem.set(
				entry.itemIndex,
				(facts = factsOfRequest(ctx, entry.request, entry.itemIndex)),
			);
		return facts;
	};
	const assessed = await mapWithLimit(
		ready,
		ITEMS_AT_ONCE,
		async (entry): Promise<Planned<CreateTaskRequest>> => {
			try {
				return judge(ctx, entry, await factsOf(entry));
			} catch (error) {
				return {
					itemIndex: entry.itemIndex,
					variant: entry.variant,
					error: asNodeError(ctx, error as Error, entry.itemIndex),
					sent: 'no',
				};
			}
		},
	);
	return assessed as Array<Planned<CreateTaskRequest>>;
}

function judge(
	ctx: IExecuteFunctions,
	entry: ReadyItem<CreateTaskRequest>,
	{ media, gaps }: RequestFacts,
): Planned<CreateTaskRequest> {
	const verdict = validateRequestFacts(entry.request, media);
	if (!verdict.ok)
		return {
			itemIndex: entry.itemIndex,
			variant: entry.variant,
			error: refusedBeforeSending(ctx, entry.itemIndex, verdict),
			sent: 'no',
		};
	return { ...entry, price: explained(priceRequest(entry.request, media), gaps) };
}

/** An unknown price says why the missing length could not be learned. */
function explained(price: Price, gaps: Map<string, string>): Price {
	if (price.credits !== null || !price.path || !gaps.has(price.path)) return price;
	return { ...price, reason: `${price.reason} (${gaps.get(price.path)})` };
}
