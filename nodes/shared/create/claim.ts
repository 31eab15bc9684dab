import type { IExecuteFunctions } from 'n8n-workflow';

import type { SkipKeyOf, SkipSettings } from '../dedupe/settings';
import { openLedger } from '../ledger';
import type { Slot } from '../ledger/entries';
import type { SendGate } from '../ledger/gate';
import { keyItems, slotId } from './keys';
import type { Planned, ReadyItem } from './plan';

/**
 * An item's request not sent because its row was sent already: one per request of the item (each
 * image variant), so an item yields as many output items whether created or skipped.
 */
export interface SkippedItem {
	itemIndex: number;
	/** Which of its item's requests this is (1..N), when the item makes several. */
	variant?: number;
	key: string;
	reason: string;
}

export interface Claimed<R> {
	/** What goes on to be priced and sent: every planned entry but the skipped ones. */
	planned: Array<Planned<R>>;
	skipped: SkippedItem[];
	/** The slot a ready entry is recorded under. */
	slotOf(entry: ReadyItem<R>): Slot;
	gate: SendGate;
	/** The last records; gives the items whose record was erased after it was seen to hold. */
	close(): Promise<Set<number>>;
}

/**
 * The claim stage, before anything is priced: each ready item gets its key and slots
 * (keys.ts), the ledger says which of them were sent before (so a skipped row costs nothing
 * against the Budget), and its gate then records each create just before it is sent.
 */
export async function claimItems<R>(
	ctx: IExecuteFunctions,
	kind: string,
	planned: Array<Planned<R>>,
	memory: { skip: SkipSettings; skipKeyOf: SkipKeyOf },
): Promise<Claimed<R>> {
	const keyed = await keyItems(ctx, kind, planned, memory.skipKeyOf);
	const ledger = await openLedger(ctx, [...keyed.slots.values()], memory.skip);
	const slotOf = (entry: ReadyItem<R>) => keyed.slots.get(slotId(entry))!;
	const skipped = [...ledger.sentBefore].map(([{ itemIndex, variant, key }, reason]) => ({
		itemIndex,
		...(variant === undefined ? {} : { variant }),
		key,
		reason,
	}));
	return {
		planned: keyed.planned.filter(
			(entry) => 'error' in entry || !ledger.sentBefore.has(slotOf(entry)),
		),
		skipped,
		slotOf,
		gate: ledger.gate,
		close: ledger.close,
	};
}
