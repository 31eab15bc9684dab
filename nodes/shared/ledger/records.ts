import type { SkipSettings } from '../dedupe/settings';
import type { StoreRecord } from '../dedupe/store';

/**
 * The two things the package keeps in n8n's deduplication store, and where:
 *
 * - the **memory**: one key per row sent (Skip Items Already Created reads it), in the
 *   record of the user's Skip Scope, capped at the user's Skip Memory;
 * - the **ledger**: which execution sent which row (a Retry reads it), always in this node's own
 *   record (scope Node).
 *
 * n8n gives a node only those two records, and trims a record to the cap of the call that writes
 * it, oldest first. So when both share the node's record (Skip Scope Node, the default), every call
 * passes the user's cap plus the ledger's: the ledger takes up to LEDGER_PER_KEY entries per key
 * (one per row sent, and its claim when the run competes for rows, Skip on or a Retry; a Retry adds
 * one under the execution it retries for a row it sends, and one under its own id for a row that
 * execution sent), and the newest Skip Memory keys stay. A Daily Cap's tokens live in the ledger's
 * record too, with room of their own (SkipSettings.capRoom).
 */
export const LEDGER_PER_KEY = 4;

export interface Records {
	memory: StoreRecord;
	ledger: StoreRecord;
	/** Both in one record: one store call serves both. */
	shared: boolean;
}

export function recordsOf({ scope, maxEntries, capRoom }: SkipSettings): Records {
	const ledgerCap = LEDGER_PER_KEY * maxEntries + capRoom;
	if (scope === 'node') {
		const one: StoreRecord = { scope: 'node', maxEntries: maxEntries + ledgerCap };
		return { memory: one, ledger: one, shared: true };
	}
	return {
		memory: { scope, maxEntries },
		ledger: { scope: 'node', maxEntries: ledgerCap },
		shared: false,
	};
}
