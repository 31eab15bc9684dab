import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { forgetValues, recordNew, retried } from '../dedupe/store';
import type { StoreRecord } from '../dedupe/store';
import type { CapDay } from './day';
import { tokensWithin, unitsOf, unitsOfAll, unitsThrough } from './tiers';

/**
 * A Daily Cap's count in n8n's deduplication store, which keeps sets and has no counter and no
 * lock: the day's cap is a number of tokens (one per credit or task at first, tiers.ts), and a run
 * reserves by recording tokens no one holds (a set's "new"). Spent today is what the held tokens
 * stand for.
 *
 * Two calls that overlap can both find a token new, the later write erasing the earlier. So each
 * round also records an entry only this run writes, and holds its tokens only if that entry is
 * still there after any overlapping write must have ended: three times the call's own time, at
 * least SETTLE_MS (Fischer's timed mutual exclusion, as the ledger's gate). A round found erased
 * holds nothing; its tokens are probed again (one another run holds, or a later write brought
 * back, is not new then).
 */
const SETTLE_MS = 50;
/** Enough rounds to cross any gap (they double) and a few erased rounds; then the cap refuses. */
const MOST_ROUNDS = 40;

/** What this process knows of a day's tokens: all up to `next` were taken, but `holes` (given back here). */
interface View {
	next: number;
	holes: number[];
	/** The day before's last token this process saw, to take out of the store at the day's first keep. */
	leftover: number;
}

const views = new Map<string, View>();
const MOST_VIEWS = 1000;

function viewOf(key: string): View {
	let view = views.get(key);
	if (!view) {
		view = { next: 0, holes: [], leftover: 0 };
		views.set(key, view);
		if (views.size > MOST_VIEWS) views.delete(views.keys().next().value as string);
	}
	return view;
}

let rounds = 0;

export class CapTokens {
	/** The tokens this run holds. */
	readonly mine: number[] = [];
	/** Store calls made (the bench prints them per create). */
	calls = 0;
	private readonly roundEntries: string[] = [];
	private readonly view: View;
	/** The last token the cap allows. */
	private readonly limit: number;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly record: StoreRecord,
		private readonly day: CapDay,
		/** The cap, in units (credits or tasks). */
		limitUnits: number,
	) {
		const where = `${ctx.getWorkflow().id}\u0000${ctx.getNode().id}\u0000`;
		const before = views.get(where + day.previous);
		views.delete(where + day.previous);
		this.view = viewOf(where + day.day);
		if (before) this.view.leftover = Math.max(this.view.leftover, before.next);
		this.limit = tokensWithin(limitUnits);
	}

	private token = (index: number) => `cap:${this.day.day}:${index}`;

	/** The units of the tokens this run holds. */
	get held(): number {
		return unitsOfAll(this.mine);
	}

	/** Units of the tokens this process saw taken by others: the day's spend as far as it knows. */
	get seenTaken(): number {
		const { view } = this;
		return Math.max(0, unitsThrough(view.next) - unitsOfAll(view.holes) - this.held);
	}

	/** Takes tokens for up to `want` units: first those given back here, then the next ones, doubling past a gap. */
	async claim(want: number): Promise<void> {
		let span = want;
		for (let round = 0; this.held < want && round < MOST_ROUNDS; round++) {
			const need = want - this.held;
			const candidates = this.candidates(Math.max(need, span));
			if (candidates.length === 0) return;
			const got = await this.round(candidates);
			span = got === 0 ? span * 2 : need;
		}
	}

	/** Tokens for `units`: holes first, then the next tokens up to the cap's last. */
	private candidates(units: number): number[] {
		const { view } = this;
		const taken: number[] = [];
		let sum = 0;
		while (sum < units && view.holes.length > 0) {
			const hole = view.holes.shift()!;
			taken.push(hole);
			sum += unitsOf(hole);
		}
		while (sum < units && view.next < this.limit) {
			taken.push(++view.next);
			sum += unitsOf(view.next);
		}
		return taken;
	}

	/** One round: record the candidates with this run's entry, settle, check the entry held. */
	private async round(candidates: number[]): Promise<number> {
		const entry = `cap:${this.day.day}:round:${this.ctx.getExecutionId()}:${++rounds}`;
		this.roundEntries.push(entry);
		const started = Date.now();
		const known = await this.recorded([...candidates.map(this.token), entry]);
		const fresh = candidates.filter((index) => !known.has(this.token(index)));
		await sleep(Math.max(SETTLE_MS, 3 * (Date.now() - started)));
		if (!(await this.recorded([entry])).has(entry)) {
			// erased: probed again later, when a token held by another (or brought back) is not new
			this.view.holes.push(...fresh);
			return 0;
		}
		this.mine.push(...fresh);
		return fresh.length;
	}

	private async recorded(values: string[]): Promise<Set<string>> {
		this.calls++;
		return await retried(this.ctx, async () => await recordNew(this.ctx, values, this.record));
	}

	/**
	 * Keeps tokens for `units` (whole tokens, rounded up) and gives back the rest, with this run's
	 * round entries and the day before's tokens this process saw (the record would otherwise keep
	 * them until its entry limit trims them, oldest first). A store that fails here only leaves
	 * more counted than spent.
	 */
	async keep(units: number): Promise<void> {
		this.mine.sort((a, b) => a - b);
		let kept = 0;
		let sum = 0;
		while (sum < units && kept < this.mine.length) sum += unitsOf(this.mine[kept++]);
		const excess = this.mine.splice(kept);
		const old = Array.from(
			{ length: this.view.leftover },
			(_, i) => `cap:${this.day.previous}:${i + 1}`,
		);
		this.view.leftover = 0;
		await this.forget(excess, [...this.roundEntries.splice(0), ...old]);
	}

	/** Gives back tokens for up to `units` of those kept: what was reserved and not spent. */
	async giveBack(units: number): Promise<void> {
		const back: number[] = [];
		let left = units;
		for (const index of [...this.mine].reverse())
			if (unitsOf(index) <= left) {
				back.push(index);
				left -= unitsOf(index);
			}
		if (back.length === 0) return;
		const given = new Set(back);
		const kept = this.mine.filter((index) => !given.has(index));
		this.mine.splice(0, this.mine.length, ...kept);
		await this.forget(back, []);
	}

	private async forget(tokens: number[], others: string[]): Promise<void> {
		if (tokens.length + others.length === 0) return;
		this.calls++;
		try {
			const values = [...tokens.map(this.token), ...others];
			await retried(this.ctx, async () => await forgetValues(this.ctx, values, this.record));
			this.view.holes.push(...tokens);
		} catch {
			// still counted: the cap refuses early rather than letting spend pass it
		}
	}
}
