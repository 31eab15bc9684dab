import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { Lineage } from '../execution/lineage';
import type { Book } from './book';
import type { Lookups } from './check';
import { claimEntry, sentEntry } from './entries';
import type { Slot } from './entries';
import { EARLIER_TRY, earlierRun, RETRY_OF_UNKNOWN, retriedSent } from './reasons';
import type { SkipSettings } from '../dedupe/settings';

/** What the gate says of a slot about to be sent. */
export type Verdict = { send: true } | { skip: string } | { fail: Error };

/**
 * n8n's store has no lock: a call that read the record before another's write, and writes after
 * it, erases that write. A run that competes for rows with other executions (Skip on, or a Retry)
 * therefore records its own claim with the row, waits until any call that overlapped its write
 * must have ended (twice its own call's time, at least SETTLE_MS), and sends only if its claim is
 * still there; a lost claim is tried again, up to CLAIM_TRIES times.
 */
const SETTLE_MS = 50;
const CLAIM_TRIES = 4;

interface Waiting {
	slot: Slot;
	tries: number;
	resolve: (verdict: Verdict) => void;
}

/**
 * The ledger's gate before each create: it records the slot (the memory's key, the ledger's "sent
 * by this execution", and in a Retry "sent in the retried execution") just before the create is
 * sent, so that a crash at any point leaves no row counted as sent that was not about to be. The
 * lanes of Parallel Submissions that are ready at the same moment share one store call: one round
 * at a time, each taking all that wait.
 */
export class SendGate {
	private queue: Waiting[] = [];
	private releases: Slot[] = [];
	private running?: Promise<void>;
	/** Slots cleared and not released: what this run may have sent. */
	private readonly cleared = new Set<Slot>();
	/** Cleared in the last round: their values are recorded again by the next (a write lost to an overlap comes back). */
	private unconfirmed: Slot[] = [];
	/** Keys of the slots this run cleared: the memory knowing them is no reason to skip. */
	private readonly ownKeys = new Set<string>();
	/** Keys this run put in the memory (new when it recorded them): only those may it take back. */
	private readonly insertedKeys = new Set<string>();
	private claims: string[] = [];
	/** Values of this run that a concurrent write had erased, found and recorded again. */
	lost = 0;
	/** The bookkeeping's cost beside the creates' (logged at the end, see costLine). */
	private readonly cost = { clears: 0, waitMs: 0, settleMs: 0, createMs: 0 };

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly book: Book,
		private readonly lineage: Lineage,
		private readonly settings: SkipSettings,
		private readonly lookups: Lookups,
	) {}

	/** Competing for rows with other executions: claims are verified before sending. */
	private get competing(): boolean {
		return this.settings.skip || this.lineage.retryOf !== undefined;
	}

	async clear(slot: Slot): Promise<Verdict> {
		const started = Date.now();
		const verdict = await new Promise<Verdict>((resolve) => {
			this.queue.push({ slot, tries: 1, resolve });
			this.kick();
		});
		this.cost.clears++;
		this.cost.waitMs += Date.now() - started;
		return verdict;
	}

	/** A create's own time, from sending to its answer, beside which the bookkeeping is measured. */
	noteCreate(ms: number): void {
		this.cost.createMs += ms;
	}

	/** What the bookkeeping cost the creates, for n8n's log at level debug (the bench reads it). */
	costLine(): string {
		const { clears, waitMs, settleMs, createMs } = this.cost;
		const share = createMs > 0 ? ((100 * waitMs) / createMs).toFixed(2) : '0';
		return `ledger: ${clears} creates waited ${waitMs} ms for the store (${this.book.calls} calls, ${this.book.ms} ms in the store, ${settleMs} ms settling), ${share}% of the ${createMs} ms the creates took`;
	}

	/** The slot's create cannot exist (refused, or not sent after all): its values are taken back. */
	release(slot: Slot): void {
		this.cleared.delete(slot);
		this.releases.push(slot);
		this.kick();
	}

	private kick(): void {
		this.running ??= this.drain().finally(() => {
			this.running = undefined;
			if (this.queue.length > 0 || this.releases.length > 0) this.kick();
		});
	}

	private async drain(): Promise<void> {
		while (this.queue.length > 0 || this.releases.length > 0) await this.round();
	}

	private async round(): Promise<void> {
		await this.forgetReleased(this.releases.splice(0));
		const waiting = this.queue.splice(0);
		if (waiting.length > 0) await this.decide(waiting);
	}

	/** The values of a slot this run records just before its create. */
	private valuesOf(slot: Slot): { memory: string[]; ledger: string[] } {
		const { retried } = this.lookups;
		return {
			memory: [slot.key],
			ledger: [sentEntry(this.lineage.self, slot), ...(retried ? [sentEntry(retried, slot)] : [])],
		};
	}

	private async decide(waiting: Waiting[]): Promise<void> {
		const again = this.unconfirmed
			.splice(0)
			.filter((slot) => this.cleared.has(slot))
			.map((slot) => this.valuesOf(slot));
		const mine = waiting.map(({ slot }) => this.valuesOf(slot));
		const claims = this.competing
			? waiting.map(({ slot }) => claimEntry(this.lineage.self, slot))
			: [];
		this.claims.push(...claims);
		const started = Date.now();
		let known: Set<string>;
		try {
			known = await this.book.record(
				[...mine, ...again].flatMap(({ memory }) => memory),
				[...mine, ...again].flatMap(({ ledger }) => ledger).concat(claims),
			);
		} catch (error) {
			waiting.forEach(({ resolve }) => resolve({ fail: error as Error }));
			return;
		}
		this.noteLost(
			again.flatMap(({ memory, ledger }) => [...memory, ...ledger]),
			known,
		);
		const candidates = waiting.filter((entry) => {
			const reason = this.skipReason(entry.slot, known);
			if (reason) entry.resolve({ skip: reason });
			return !reason;
		});
		const winners = this.competing
			? await this.verifyClaims(candidates, Date.now() - started)
			: candidates;
		for (const { slot, resolve } of winners) {
			if (!known.has(slot.key)) this.insertedKeys.add(slot.key);
			this.cleared.add(slot);
			this.unconfirmed.push(slot);
			this.ownKeys.add(slot.key);
			resolve({ send: true });
		}
	}

	private skipReason(slot: Slot, known: Set<string>): string | undefined {
		const { retried, memory } = this.lookups;
		if (retried && known.has(sentEntry(retried, slot))) return retriedSent(retried);
		if (known.has(sentEntry(this.lineage.self, slot))) return EARLIER_TRY;
		if (memory && known.has(slot.key) && !this.ownKeys.has(slot.key))
			return this.settings.skip ? earlierRun(this.settings) : RETRY_OF_UNKNOWN;
		return undefined;
	}

	/** The candidates whose claim survived any overlapping write; the others go round again. */
	private async verifyClaims(candidates: Waiting[], tookMs: number): Promise<Waiting[]> {
		if (candidates.length === 0) return [];
		const settle = Math.max(SETTLE_MS, 3 * tookMs);
		this.cost.settleMs += settle;
		await sleep(settle);
		const claims = candidates.map(({ slot }) => claimEntry(this.lineage.self, slot));
		let present: Set<string>;
		try {
			present = await this.book.record([], claims);
		} catch (error) {
			candidates.forEach(({ resolve }) => resolve({ fail: error as Error }));
			return [];
		}
		return candidates.filter((entry) => {
			if (present.has(claimEntry(this.lineage.self, entry.slot))) return true;
			this.lost++;
			if (entry.tries < CLAIM_TRIES) this.queue.push({ ...entry, tries: entry.tries + 1 });
			else entry.resolve({ fail: this.contention(entry.slot) });
			return false;
		});
	}

	private contention(slot: Slot): NodeOperationError {
		return new NodeOperationError(
			this.ctx.getNode(),
			"Not sent: n8n's deduplication store kept losing this item's record to other executions writing at the same moment",
			{
				itemIndex: slot.itemIndex,
				description: `Nothing was created for this item. The store has no lock, so a create is sent only once its record is seen to hold; ${CLAIM_TRIES} tries were overwritten. Run the item again.`,
			},
		);
	}

	private noteLost(values: string[], known: Set<string>): void {
		const lost = values.filter((value) => !known.has(value)).length;
		if (lost === 0) return;
		this.lost += lost;
	}

	/**
	 * Takes back the values of slots whose creates cannot exist; the memory's key only when this run
	 * put it there (with Skip off, an earlier run's key stays) and no slot of its item may exist.
	 */
	private async forgetReleased(slots: Slot[]): Promise<void> {
		if (slots.length === 0) return;
		const stillSent = new Set([...this.cleared].map(({ itemIndex }) => itemIndex));
		const memory = slots
			.filter(({ itemIndex, key }) => !stillSent.has(itemIndex) && this.insertedKeys.has(key))
			.map(({ key }) => key);
		memory.forEach((key) => {
			this.ownKeys.delete(key);
			this.insertedKeys.delete(key);
		});
		const ledger = slots.flatMap((slot) => this.valuesOf(slot).ledger);
		await this.book.forget(memory, ledger).catch((error: Error) => {
			this.forgetFailures.push(...slots);
			this.forgetError = error;
		});
	}

	/** Slots whose values the store could not take back (a warning names them at the end). */
	readonly forgetFailures: Slot[] = [];
	forgetError?: Error;

	/**
	 * When the batch is over: waits for the last round, records every cleared slot's values once
	 * more (what an overlapping write erased comes back) and takes back this run's claims.
	 */
	async close(): Promise<void> {
		while (this.running) await this.running;
		const all = [...this.cleared].map((slot) => this.valuesOf(slot));
		this.unconfirmed = [];
		if (all.length > 0) {
			const values = all.flatMap(({ memory, ledger }) => [...memory, ...ledger]);
			const known = await this.book
				.record(
					all.flatMap(({ memory }) => memory),
					all.flatMap(({ ledger }) => ledger),
				)
				.catch(() => new Set(values));
			this.noteLost(values, known);
		}
		const claims = this.claims.splice(0);
		if (claims.length > 0) await this.book.forget([], claims).catch(() => undefined);
	}
}
