/**
 * Remembers which deliveries were already accepted, so a retried webhook (the service retries a
 * non-2xx answer after 1 s, 5 s and 30 s) starts one execution, not several. Bounded twice: an
 * entry is forgotten after `ttlMs`, and the oldest entries go first when `maxEntries` is reached.
 * Memory of one n8n process: a retry that reaches another webhook process is not recognised.
 */
export class RecentDeliveries {
	private readonly seen = new Map<string, number>();

	constructor(
		private readonly ttlMs: number,
		private readonly maxEntries: number,
	) {}

	/** True the first time `key` is offered within the time to live; false for a repeat. */
	firstTime(key: string, now = Date.now()): boolean {
		this.forgetExpired(now);
		const expires = this.seen.get(key);
		if (expires !== undefined && expires > now) return false;
		this.seen.delete(key);
		this.seen.set(key, now + this.ttlMs);
		while (this.seen.size > this.maxEntries)
			this.seen.delete(this.seen.keys().next().value as string);
		return true;
	}

	/** Forgets every key that starts with `prefix` (a trigger that was deactivated). */
	forget(prefix: string): void {
		for (const key of [...this.seen.keys()]) if (key.startsWith(prefix)) this.seen.delete(key);
	}

	get size(): number {
		return this.seen.size;
	}

	/** Entries are kept in insertion order with one TTL, so the expired ones are at the front. */
	private forgetExpired(now: number): void {
		for (const [key, expires] of this.seen) {
			if (expires > now) return;
			this.seen.delete(key);
		}
	}
}

/**
 * Ten minutes: far beyond the whole retry window of the Unified Generation API, § Events
 * (1 + 5 + 30 s), yet small.
 */
const DEDUPE_TTL_MS = 10 * 60_000;
const DEDUPE_MAX_ENTRIES = 10_000;

/** Shared by every Task Trigger of this n8n process; keys carry the workflow and node. */
export const recentDeliveries = new RecentDeliveries(DEDUPE_TTL_MS, DEDUPE_MAX_ENTRIES);

export const forgetDeliveries = (prefix: string) => recentDeliveries.forget(prefix);
