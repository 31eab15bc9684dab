/**
 * One create of a batch: an item's request (an image item may make several, its variants), known
 * by the item's key and the key's occurrence in this run's input (a row that appears twice is two
 * creates when Skip is off). The same input gives the same slots in a Retry, whatever the order.
 */
export interface Slot {
	itemIndex: number;
	variant?: number;
	/** The item's key: its Skip Key, or a hash of its request (../dedupe/request-key.ts). */
	key: string;
	/** How many earlier items of this run have the same key. */
	occurrence: number;
}

const slotName = ({ key, occurrence, variant }: Slot) =>
	`${key}#${occurrence}${variant === undefined ? '' : `/${variant}`}`;

/** "Execution `executionId` sent this slot's create (or may have: it was recorded just before)." */
export const sentEntry = (executionId: string, slot: Slot) =>
	`ledger:sent:${executionId}:${slotName(slot)}`;

/**
 * "Execution `executionId` holds this slot against other executions" (Skip on, or a Retry): recorded
 * with the key ahead of the send, while the lane's current create travels. Without its sentEntry
 * the create never left, so a Retry of that execution sends it (check.ts).
 */
export const claimEntry = (executionId: string, slot: Slot) =>
	`ledger:claim:${executionId}:${slotName(slot)}`;

/** What the send gate says of a slot about to be sent. */
export type Verdict = { send: true } | { skip: string } | { fail: Error };
