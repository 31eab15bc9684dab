import type { IExecuteFunctions } from 'n8n-workflow';

import type { SkipSettings } from '../dedupe/settings';
import { UNKNOWN_RETRY } from '../execution/lineage';
import type { Lineage } from '../execution/lineage';
import type { Book } from './book';
import { claimEntry, sentEntry } from './entries';
import type { Slot } from './entries';
import {
	RETRY_OF_UNKNOWN,
	earlierRun,
	EARLIER_TRY,
	retriedSent,
	sameAsEarlierItem,
} from './reasons';

/** What a run must look up before it prices anything, from its settings and lineage. */
export interface Lookups {
	/** The memory decides: Skip is on, or a Retry whose execution n8n does not name. */
	memory: boolean;
	/** The execution this Retry retries, when n8n names it. */
	retried?: string;
	/** n8n's Retry On Fail may re-run this node run: its earlier tries' sends count. */
	earlierTries: boolean;
}

export function lookupsOf(
	ctx: IExecuteFunctions,
	settings: SkipSettings,
	lineage: Lineage,
): Lookups {
	const { retryOf } = lineage;
	return {
		memory: settings.skip || retryOf === UNKNOWN_RETRY,
		retried: retryOf === UNKNOWN_RETRY ? undefined : retryOf,
		earlierTries: ctx.getNode().retryOnFail === true,
	};
}

/** What the lookup found: the slots not to send, with why, and the keys this run takes over. */
export interface EarlierSends {
	reasons: Map<Slot, string>;
	/** Keys the retried execution (or an earlier try) claimed and never sent: this run sends them. */
	inherited: Set<string>;
}

/** The executions whose sends this run knows of: the one it retries, and its own earlier tries. */
function earlierOf(lineage: Lineage, lookups: Lookups): string[] {
	return [
		...(lookups.retried ? [lookups.retried] : []),
		...(lookups.earlierTries ? [lineage.self] : []),
	];
}

/**
 * Before anything is priced: the slots an earlier run, the retried execution or an earlier try
 * already sent, each with its reason (so a skipped row costs nothing against the Budget). The
 * store has no "check only" call, so the lookup records each value and takes back at once those
 * that were new; the send gate (gate.ts) decides again, authoritatively, just before each create.
 * A Retry also copies the rows its execution sent into its own lineage, so that a Retry of this
 * Retry skips them too. A key the retried execution claimed (Skip on) but never sent is this
 * run's to send: its claim has no sentEntry.
 */
export async function lookUpEarlierSends(
	book: Book,
	lineage: Lineage,
	settings: SkipSettings,
	lookups: Lookups,
	slots: Slot[],
): Promise<EarlierSends> {
	const memory = lookups.memory ? [...new Set(slots.map(({ key }) => key))] : [];
	const earlier = earlierOf(lineage, lookups);
	const claims = lookups.memory ? earlier : [];
	const ledger = [
		...earlier.flatMap((id) => slots.map((slot) => sentEntry(id, slot))),
		...claims.flatMap((id) => slots.map((slot) => claimEntry(id, slot))),
	];
	if (memory.length === 0 && ledger.length === 0)
		return { reasons: new Map(), inherited: new Set() };
	const known = await book.record(memory, ledger);
	await book.forget(
		memory.filter((value) => !known.has(value)),
		ledger.filter((value) => !known.has(value)),
	);
	const claimedUnsent = (slot: Slot) =>
		claims.some((id) => known.has(claimEntry(id, slot)) && !known.has(sentEntry(id, slot)));
	const reasons = new Map<Slot, string>();
	const inherited = new Set<string>();
	const firstOfKey = new Map<string, number>();
	for (const slot of slots) {
		if (!firstOfKey.has(slot.key)) firstOfKey.set(slot.key, slot.itemIndex);
		const reason = reasonOf(slot, known, lineage, settings, lookups, firstOfKey.get(slot.key)!);
		if (reason === undefined) continue;
		if (reason === MEMORY && claimedUnsent(slot)) inherited.add(slot.key);
		else reasons.set(slot, reason === MEMORY ? memoryReason(settings) : reason);
	}
	const copies = [...reasons.keys()].map((slot) => sentEntry(lineage.self, slot));
	if (lookups.retried && copies.length > 0) await book.record([], copies);
	return { reasons, inherited };
}

/** The memory knows the key: skipped, unless an earlier execution of this lineage only claimed it. */
const MEMORY = Symbol('memory');

const memoryReason = (settings: SkipSettings) =>
	settings.skip ? earlierRun(settings) : RETRY_OF_UNKNOWN;

function reasonOf(
	slot: Slot,
	known: Set<string>,
	lineage: Lineage,
	settings: SkipSettings,
	lookups: Lookups,
	first: number,
): string | typeof MEMORY | undefined {
	if (lookups.retried && known.has(sentEntry(lookups.retried, slot)))
		return retriedSent(lookups.retried);
	if (lookups.earlierTries && known.has(sentEntry(lineage.self, slot))) return EARLIER_TRY;
	if (!lookups.memory) return undefined;
	if (known.has(slot.key)) return MEMORY;
	if (settings.skip && first !== slot.itemIndex) return sameAsEarlierItem(first);
	return undefined;
}
