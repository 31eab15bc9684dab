import type { DeduplicationScope } from 'n8n-workflow';

/** How a Create node remembers the items it created: its Batch Options (read by nodes/settings/batch.ts). */
export interface SkipSettings {
	/** Skip items whose key an earlier run (or an earlier item of this run) recorded. */
	skip: boolean;
	/** Clear the memory of this scope before this run. */
	forget: boolean;
	scope: DeduplicationScope;
	maxEntries: number;
	/**
	 * Entries a Daily Cap keeps in the node's record (its tokens, ../create/daily-cap.ts): every
	 * call that writes the record passes them in its cap, so that none is trimmed. 0 without a cap.
	 */
	capRoom: number;
}

/**
 * The user's Skip Key of an item, or undefined when the field is empty (the request-derived key);
 * '' when it is set but gives nothing for this item.
 */
export type SkipKeyOf = (itemIndex: number) => unknown;

/** n8n's Remove Duplicates node keeps 10,000 entries by default; so does this memory. */
export const DEFAULT_MAX_ENTRIES = 10_000;
