import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { requestKey, stableJson } from '../dedupe/request-key';
import type { SkipKeyOf } from '../dedupe/settings';
import type { Slot } from '../ledger/entries';
import type { ItemFailure } from './outcomes';
import type { Planned, ReadyItem } from './plan';

const isReady = <R>(entry: Planned<R>): entry is ReadyItem<R> => !('error' in entry);

/** Where a ready entry's slot is found: its item and variant. */
export const slotId = ({ itemIndex, variant }: { itemIndex: number; variant?: number }) =>
	`${itemIndex}/${variant ?? ''}`;

export interface Keyed<R> {
	/** The planned entries, an item whose key could not be made failed in place (nothing sent). */
	planned: Array<Planned<R>>;
	/** Each ready entry's slot, by slotId. */
	slots: Map<string, Slot>;
}

/**
 * Gives every ready entry its slot: the item's key (one for all its variants) and the key's
 * occurrence among this run's items. An item whose key cannot be made (an empty Skip Key, a
 * binary file that cannot be read) fails before anything is sent: it could not be recorded.
 */
export async function keyItems<R>(
	ctx: IExecuteFunctions,
	kind: string,
	planned: Array<Planned<R>>,
	skipKeyOf: SkipKeyOf,
): Promise<Keyed<R>> {
	const requests = new Map<number, R[]>();
	for (const entry of planned.filter(isReady)) {
		requests.set(entry.itemIndex, [...(requests.get(entry.itemIndex) ?? []), entry.request]);
	}
	const keys = new Map<number, string | Error>();
	const seen = new Map<string, number>();
	const occurrences = new Map<number, number>();
	for (const [itemIndex, itemRequests] of [...requests].sort(([a], [b]) => a - b)) {
		const key = await keyOf(ctx, kind, itemIndex, itemRequests, skipKeyOf).catch(
			(error: Error) => error,
		);
		keys.set(itemIndex, key);
		if (key instanceof Error) continue;
		occurrences.set(itemIndex, seen.get(key) ?? 0);
		seen.set(key, (seen.get(key) ?? 0) + 1);
	}
	const slots = new Map<string, Slot>();
	const failed = new Set<number>();
	const kept = planned.flatMap((entry): Array<Planned<R>> => {
		const key = keys.get(entry.itemIndex);
		if (!isReady(entry) || key === undefined) return [entry];
		if (!(key instanceof Error)) {
			const occurrence = occurrences.get(entry.itemIndex)!;
			slots.set(slotId(entry), {
				itemIndex: entry.itemIndex,
				variant: entry.variant,
				key,
				occurrence,
			});
			return [entry];
		}
		if (failed.has(entry.itemIndex)) return [];
		failed.add(entry.itemIndex);
		const failure: ItemFailure = { itemIndex: entry.itemIndex, error: key, sent: 'no' };
		return [failure];
	});
	return { planned: kept, slots };
}

async function keyOf(
	ctx: IExecuteFunctions,
	kind: string,
	itemIndex: number,
	requests: unknown[],
	skipKeyOf: SkipKeyOf,
): Promise<string> {
	const custom = skipKeyOf(itemIndex);
	if (custom === undefined) return await requestKey(ctx, kind, itemIndex, requests);
	if (custom === null || String(custom).trim() === '') {
		throw new NodeOperationError(ctx.getNode(), 'Skip Key is empty for this item', {
			itemIndex,
			description:
				'Batch Options → Skip Key gave no value for this item, so it cannot be told apart from the others. Give every item a key (e.g. {{ $json.id }}), or clear Skip Key to use the request itself. Nothing was sent.',
		});
	}
	return typeof custom === 'object' ? stableJson(custom) : String(custom);
}
