import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { SkipSettings } from '../dedupe/settings';
import type { Lineage } from '../execution/lineage';
import type { Book } from './book';
import type { Lookups } from './check';
import { LedgerCost } from './cost';
import { claimEntry, sentEntry } from './entries';
import type { Slot, Verdict } from './entries';
import { SendMarks } from './marks';
import { earlierRun, RETRY_OF_UNKNOWN, retriedSent } from './reasons';
import { ClaimWindow } from './window';

/**
 * n8n's store has no lock: a call that read the record before another's write, and writes after
 * it, erases that write. A run that competes for rows with other executions (Skip on, or a Retry)
 * therefore sends a row only once its own ledger entry ("sent by this execution", which no other
 * execution writes) is seen to hold after any call that overlapped its write must have ended:
 * three times its own call's time, at least SETTLE_MS (Fischer's timed mutual exclusion). An
 * entry found erased is recorded again, up to CLAIM_TRIES times. This package's own calls within
 * one process never overlap (../dedupe/store.ts); the wait guards against other processes.
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
 *
 * A run that competes for rows (Skip on, or a Retry) records a slot in two steps: its key, its
 * claim (claimEntry) and in a Retry the retried execution's entry while the lane's current create
 * travels, settled and checked there (window.ts), then its sentEntry in one store call just before
 * it leaves. A crash between the two leaves a claim without a send, which n8n's Retry of the
 * execution sends (check.ts); another run skips it as "may have been created": at most one row per
 * lane beyond the creates in flight.
 */
export class SendGate {
	private queue: Waiting[] = [];
	private releases: Slot[] = [];
	/** Claims of slots another execution holds: taken back, nothing else of theirs. */
	private claimBacks: Slot[] = [];
	private running?: Promise<void>;
	private readonly marks: SendMarks;
	private readonly window = new ClaimWindow<Verdict>();
	/** Slots cleared and not released: what this run may have sent. */
	private readonly cleared = new Set<Slot>();
	/** Cleared in the last round: the next round records them again (what an overlap erased comes back). */
	private unconfirmed: Slot[] = [];
	/** Keys of the slots this run cleared: the memory knowing them is no reason to skip. */
	private readonly ownKeys = new Set<string>();
	/** Keys this run put in the memory (new when it recorded them): only those may it take back. */
	private readonly insertedKeys = new Set<string>();
	/** Values of this run that a concurrent write had erased, found and recorded again. */
	lost = 0;
	/** Items whose entry was erased after it was seen to hold: another execution may have sent them too. */
	readonly suspects = new Set<number>();
	/** Slots whose values the store could not take back, and why. */
	readonly forgetFailures: Slot[] = [];
	forgetError?: Error;
	readonly cost = new LedgerCost();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly book: Book,
		private readonly lineage: Lineage,
		private readonly settings: SkipSettings,
		private readonly lookups: Lookups,
		/** Keys this run may send though the memory knows them: claimed by the execution it retries (or an earlier try) and never sent. */
		inherited: Set<string> = new Set(),
	) {
		this.marks = new SendMarks(book, lineage.self, (slot) => this.release(slot));
		inherited.forEach((key) => {
			this.ownKeys.add(key);
			this.insertedKeys.add(key);
		});
	}

	/** Competing for rows with other executions: entries are seen to hold before sending. */
	private get competing(): boolean {
		return this.settings.skip || this.lineage.retryOf !== undefined;
	}

	/** The order in which the lanes will clear their slots, and how many lanes there are. */
	expect(order: Slot[], lanes: number): void {
		if (this.competing) this.window.expect(order, lanes);
	}

	async clear(slot: Slot): Promise<Verdict> {
		const started = Date.now();
		let verdict = await (this.window.take(slot) ?? this.claim(slot));
		if (this.competing && 'send' in verdict) {
			this.window.topUp((next) => this.claim(next));
			verdict = await this.marks.mark(slot);
		}
		this.cost.clears++;
		this.cost.waitMs += Date.now() - started;
		return verdict;
	}

	private claim(slot: Slot): Promise<Verdict> {
		this.window.asking(slot);
		return new Promise<Verdict>((resolve) => {
			this.queue.push({ slot, tries: 1, resolve });
			this.kick();
		});
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
			if (this.queue.length > 0 || this.releases.length > 0 || this.claimBacks.length > 0)
				this.kick();
		});
	}

	private async drain(): Promise<void> {
		while (this.queue.length > 0 || this.releases.length > 0 || this.claimBacks.length > 0) {
			await this.forgetReleased(this.releases.splice(0));
			await this.takeBackClaims(this.claimBacks.splice(0));
			const waiting = this.queue.splice(0);
			if (waiting.length > 0) await this.decide(waiting);
		}
	}

	/**
	 * The values of a slot this run records before its create: the first ledger value is the one
	 * checked to hold (its claim when the run competes for rows, else its sentEntry).
	 */
	private valuesOf(slot: Slot): { memory: string[]; ledger: string[] } {
		const { retried } = this.lookups;
		const { self } = this.lineage;
		const lineage = retried ? [sentEntry(retried, slot)] : [];
		if (!this.competing) return { memory: [slot.key], ledger: [sentEntry(self, slot), ...lineage] };
		const sent = this.marks.marked.has(slot) ? [sentEntry(self, slot)] : [];
		return { memory: [slot.key], ledger: [claimEntry(self, slot), ...lineage, ...sent] };
	}

	private async decide(waiting: Waiting[]): Promise<void> {
		const again = this.unconfirmed.splice(0).filter((slot) => this.cleared.has(slot));
		const values = [...waiting.map(({ slot }) => slot), ...again].map((slot) =>
			this.valuesOf(slot),
		);
		const started = Date.now();
		let known: Set<string>;
		try {
			known = await this.book.record(
				values.flatMap(({ memory }) => memory),
				values.flatMap(({ ledger }) => ledger),
			);
		} catch (error) {
			waiting.forEach(({ resolve }) => resolve({ fail: error as Error }));
			return;
		}
		this.confirm(again, known);
		const candidates = waiting.filter((entry) => {
			const reason = this.skipReason(entry.slot, known);
			if (reason) this.skip(entry, reason);
			return !reason;
		});
		const winners = this.competing
			? await this.holding(candidates, Date.now() - started)
			: candidates;
		for (const { slot, resolve } of winners) {
			if (!known.has(slot.key)) this.insertedKeys.add(slot.key);
			this.cleared.add(slot);
			this.unconfirmed.push(slot);
			this.ownKeys.add(slot.key);
			resolve({ send: true });
		}
	}

	/**
	 * Another execution holds the slot: not sent. Its claim is taken back at once, so that no Retry
	 * of this execution sends it; the key and the retried execution's entry are the other's.
	 */
	private skip({ slot, resolve }: Waiting, reason: string): void {
		if (this.competing) this.claimBacks.push(slot);
		resolve({ skip: reason });
	}

	private async takeBackClaims(slots: Slot[]): Promise<void> {
		if (slots.length === 0) return;
		const claims = slots.map((slot) => claimEntry(this.lineage.self, slot));
		await this.forgetFor(slots, [], claims);
	}

	/** Takes values back; a store that refuses is noted for these slots (warnOfStore names their items). */
	private async forgetFor(slots: Slot[], memory: string[], ledger: string[]): Promise<void> {
		await this.book.forget(memory, ledger).catch((error: Error) => {
			this.forgetFailures.push(...slots);
			this.forgetError = error;
		});
	}

	private skipReason(slot: Slot, known: Set<string>): string | undefined {
		const { retried, memory } = this.lookups;
		if (retried && known.has(sentEntry(retried, slot))) return retriedSent(retried);
		if (memory && known.has(slot.key) && !this.ownKeys.has(slot.key))
			return this.settings.skip ? earlierRun(this.settings) : RETRY_OF_UNKNOWN;
		return undefined;
	}

	/** The candidates whose own entry held past any overlapping write; the others go round again. */
	private async holding(candidates: Waiting[], tookMs: number): Promise<Waiting[]> {
		if (candidates.length === 0) return [];
		const settle = Math.max(SETTLE_MS, 3 * tookMs);
		this.cost.settleMs += settle;
		await sleep(settle);
		const own = (slot: Slot) => this.valuesOf(slot).ledger[0];
		let present: Set<string>;
		try {
			present = await this.book.record(
				[],
				candidates.map(({ slot }) => own(slot)),
			);
		} catch (error) {
			candidates.forEach(({ resolve }) => resolve({ fail: error as Error }));
			return [];
		}
		return candidates.filter((entry) => {
			if (present.has(own(entry.slot))) return true;
			this.lost++;
			if (entry.tries < CLAIM_TRIES) this.queue.push({ ...entry, tries: entry.tries + 1 });
			else this.giveUp(entry);
			return false;
		});
	}

	/** Never sent: its entry, recorded again by the last check, is taken back (its key may be another's). */
	private giveUp({ slot, resolve }: Waiting): void {
		this.releases.push({ ...slot });
		resolve({
			fail: new NodeOperationError(
				this.ctx.getNode(),
				"Not sent: n8n's deduplication store kept losing this item's record to other executions writing at the same moment",
				{
					itemIndex: slot.itemIndex,
					description: `Nothing was created for this item. The store has no lock, so a create is sent only once its record is seen to hold; ${CLAIM_TRIES} records were overwritten. Run the item again.`,
				},
			),
		});
	}

	/** Values recorded again that the store had lost: repaired now; in a competing run, a warning names the items. */
	private confirm(slots: Slot[], known: Set<string>): void {
		for (const slot of slots) {
			const { memory, ledger } = this.valuesOf(slot);
			const lost = [...memory, ...ledger].filter((value) => !known.has(value));
			this.lost += lost.length;
			if (this.competing && !known.has(ledger[0])) this.suspects.add(slot.itemIndex);
		}
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
		const ledger = slots.flatMap((slot) => [
			...this.valuesOf(slot).ledger,
			...(this.competing ? [sentEntry(this.lineage.self, slot)] : []),
		]);
		await this.forgetFor(slots, memory, ledger);
	}

	/** When the batch is over: waits for the last round and records every cleared slot once more. */
	async close(): Promise<void> {
		for (const [slot, claim] of this.window.leftovers())
			if ('send' in (await claim)) this.release(slot);
		await this.marks.idle();
		while (this.running) await this.running;
		this.unconfirmed = [];
		const all = [...this.cleared];
		if (all.length === 0) return;
		const values = all.map((slot) => this.valuesOf(slot));
		const known = await this.book
			.record(
				values.flatMap(({ memory }) => memory),
				values.flatMap(({ ledger }) => ledger),
			)
			.catch(() => undefined);
		if (known) this.confirm(all, known);
	}
}
