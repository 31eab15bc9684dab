import { createHash } from 'node:crypto';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

/**
 * The backend n8n's CLI gives n8n-core's DataDeduplicationService (its DeduplicationHelper over
 * the processed_data table), held in memory for the harness; 'entries' mode, and the
 * 'latestIncrementalKey' mode of a Remove Duplicates node. It behaves as n8n's does: one record
 * per workflow id and context ('n:<node id>' in node scope, '' in workflow scope), md5 hashes of
 * the values, the oldest trimmed past maxEntries, a record saved in another mode refused.
 *
 * And as n8n's, a call reads the record, awaits, then writes it whole: there is no lock, so two
 * calls that overlap lose one's changes (the last write wins), and two first writes of one record
 * collide on its primary key. `setLatency` widens the gap between read and write, as a database
 * under load does.
 */
interface Record {
	mode: string;
	hashes: string[];
	/** 'latestIncrementalKey' mode: the largest value seen. */
	latest?: number;
}

const hashOf = (value: DeduplicationItemTypes) =>
	createHash('md5').update(value.toString()).digest('base64');

function contextOf(scope: DeduplicationScope, data: ICheckProcessedContextData): string {
	if (scope !== 'node') return '';
	if (!data.node)
		throw new Error("No node information has been provided and so cannot use scope 'node'");
	return `n:${data.node.id}`;
}

const copy = (record: Record | undefined): Record | undefined =>
	record && { ...record, hashes: [...record.hashes] };

export class MemoryDeduplicator implements IDataDeduplicator {
	private readonly records = new Map<string, Record>();

	/** Milliseconds between a call's read and its write: [least, most], drawn per call. */
	private latency: [number, number] = [0, 0];

	/** Calls made since the harness started (a test reads the difference). */
	calls = 0;

	setLatency(least: number, most = least): void {
		this.latency = [least, most];
	}

	/** The gap between a read and its write: at least one turn of the event loop, as a database round trip. */
	private async gap(): Promise<void> {
		const [least, most] = this.latency;
		const ms = least + Math.random() * (most - least);
		await new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
	}

	/** Writes a record read earlier: an update, or an insert that collides with another's insert. */
	private write(where: string, read: Record | undefined, next: Record): void {
		if (!read && this.records.has(where))
			throw new Error(
				'SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context',
			);
		this.records.set(where, next);
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (!data.workflow.id) throw new Error('the workflow has no id');
		this.calls++;
		const where = this.where(scope, data);
		const record = copy(this.records.get(where));
		if (record && record.mode !== options.mode) {
			throw new Error(
				'Deduplication data was originally saved with an incompatible setting of the ‘Keep Items Where’ parameter. Try ’Clean Database’ operation to reset.',
			);
		}
		await this.gap();
		if (options.mode === 'latestIncrementalKey') return this.latest(where, record, items);
		if (options.mode !== 'entries') throw new Error(`mode ${options.mode} is not emulated`);
		const hashes = items.map(hashOf);
		if (!record) {
			this.write(where, record, { mode: options.mode, hashes: trimmed(hashes, options) });
			return { new: items, processed: [] };
		}
		// As n8n's: the set is taken before this call's items are added.
		const known = new Set(record.hashes);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		hashes.forEach((hash, index) => {
			if (known.has(hash)) output.processed.push(items[index]);
			else {
				output.new.push(items[index]);
				record.hashes.push(hash);
			}
		});
		this.write(where, record, { ...record, hashes: trimmed(record.hashes, options) });
		return output;
	}

	/** A Remove Duplicates node's "Value Is Higher than Any Previous Value" (numbers only). */
	private latest(
		where: string,
		record: Record | undefined,
		items: DeduplicationItemTypes[],
	): IDeduplicationOutput {
		const values = items.map(Number);
		if (values.some(Number.isNaN)) throw new Error('Invalid value. Only numbers are supported');
		const stored = record?.latest ?? -Infinity;
		const isNew = (value: number) => !record || value > stored;
		this.write(where, record, {
			mode: 'latestIncrementalKey',
			hashes: [],
			latest: Math.max(stored, ...values),
		});
		return {
			new: items.filter((_, index) => isNew(values[index])),
			processed: items.filter((_, index) => !isNew(values[index])),
		};
	}

	/**
	 * Fault injection: removals in this workflow fail, as a database that went away would; with
	 * `after`, once that many removals have succeeded.
	 */
	failRemovalsIn(workflowId: string, after = 0): void {
		this.failingRemovals.set(workflowId, after);
	}

	private readonly failingRemovals = new Map<string, number>();

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
	): Promise<void> {
		this.calls++;
		const allowed = this.failingRemovals.get(data.workflow.id);
		if (allowed === 0) throw new Error('the database is unreachable');
		if (allowed !== undefined) this.failingRemovals.set(data.workflow.id, allowed - 1);
		const where = this.where(scope, data);
		const record = copy(this.records.get(where));
		await this.gap();
		if (!record) return;
		// As n8n's: one occurrence of each value is removed.
		for (const hash of items.map(hashOf)) {
			const index = record.hashes.indexOf(hash);
			if (index !== -1) record.hashes.splice(index, 1);
		}
		this.records.set(where, record);
	}

	/**
	 * A write of another process that reads the record now and lands `ms` later, whole (a database
	 * stalled longer than any settle wait): what was recorded in between is erased.
	 */
	async stalledWrite(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
		ms: number,
	): Promise<void> {
		const where = this.where(scope, data);
		const read = copy(this.records.get(where));
		await new Promise((resolve) => setTimeout(resolve, ms));
		const hashes = read?.hashes ?? [];
		const added = items.map(hashOf).filter((hash) => !hashes.includes(hash));
		this.records.set(where, {
			mode: options.mode,
			hashes: trimmed([...hashes, ...added], options),
		});
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
	): Promise<void> {
		this.records.delete(this.where(scope, data));
		await Promise.resolve();
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		const record = this.records.get(this.where(scope, data));
		return await Promise.resolve(options.mode === 'entries' && record ? record.hashes.length : 0);
	}

	/** Whether a value is in a record now (a test's look inside the store; n8n has no such call). */
	holds(
		value: DeduplicationItemTypes,
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
	): boolean {
		return this.records.get(this.where(scope, data))?.hashes.includes(hashOf(value)) ?? false;
	}

	/** How many entries a record holds now. */
	size(scope: DeduplicationScope, data: ICheckProcessedContextData): number {
		return this.records.get(this.where(scope, data))?.hashes.length ?? 0;
	}

	private where(scope: DeduplicationScope, data: ICheckProcessedContextData): string {
		return JSON.stringify([data.workflow.id, contextOf(scope, data)]);
	}
}

function trimmed(hashes: string[], { maxEntries }: ICheckProcessedOptions): string[] {
	return maxEntries ? hashes.slice(Math.max(0, hashes.length - maxEntries)) : hashes;
}
