import type { IExecuteFunctions } from 'n8n-workflow';

import { addHint } from '../execution/hints';
import { forgetValues, recordNew, retried } from '../dedupe/store';
import type { Records } from './records';

/**
 * The ledger's and the memory's store calls: one call when they share a record, two side by side
 * otherwise. When the memory decides nothing (Skip off, and a Retry that knows what it retries), a
 * memory record that fails (e.g. scope Workflow kept by a Remove Duplicates node in another mode)
 * only warns, once: the ledger, in the node's own record, still guards every create.
 */
async function tried<T>(book: Book, ctx: IExecuteFunctions, call: () => Promise<T>): Promise<T> {
	const started = Date.now();
	book.calls++;
	try {
		return await retried(ctx, call);
	} finally {
		book.ms += Date.now() - started;
	}
}

export class Book {
	private warned = false;
	/** What the store cost this run: calls made, and the time they took (the bench prints it). */
	calls = 0;
	ms = 0;

	constructor(
		private readonly ctx: IExecuteFunctions,
		readonly records: Records,
		private readonly memoryDecides: boolean,
	) {}

	/** Records the values not seen before; returns those that were (memory's and ledger's together). */
	async record(memory: string[], ledger: string[]): Promise<Set<string>> {
		const { records } = this;
		const record = (values: string[], where: Records['memory']) =>
			tried(this, this.ctx, async () => await recordNew(this.ctx, unique(values), where));
		if (records.shared) return await record([...memory, ...ledger], records.ledger);
		const [known, fromLedger] = await Promise.all([
			this.optional(record(memory, records.memory), new Set<string>()),
			record(ledger, records.ledger),
		]);
		return new Set([...known, ...fromLedger]);
	}

	async forget(memory: string[], ledger: string[]): Promise<void> {
		const { records } = this;
		const forget = (values: string[], where: Records['memory']) =>
			tried(this, this.ctx, async () => await forgetValues(this.ctx, unique(values), where));
		if (records.shared) return await forget([...memory, ...ledger], records.ledger);
		await Promise.all([
			this.optional(forget(memory, records.memory), undefined),
			forget(ledger, records.ledger),
		]);
	}

	private async optional<T>(call: Promise<T>, fallback: T): Promise<T> {
		if (this.memoryDecides) return await call;
		return await call.catch((error: Error) => {
			if (!this.warned)
				addHint(
					this.ctx,
					`${error.message}. This run's rows were not kept in the memory of Skip Items Already Created (a later run with it on will not know them); n8n's Retry of this execution still sends none of them twice.`,
					'warning',
				);
			this.warned = true;
			return fallback;
		});
	}
}

const unique = (values: string[]) => [...new Set(values)];
