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
 * the processed_data table), held in memory for the harness; 'entries' mode only, the one this
 * package uses. It behaves as n8n's does: one record per workflow id and context ('n:<node id>'
 * in node scope, '' in workflow scope), md5 hashes of the values, the oldest trimmed past
 * maxEntries, a record saved in another mode refused.
 */
interface Record {
	mode: string;
	hashes: string[];
}

const hashOf = (value: DeduplicationItemTypes) =>
	createHash('md5').update(value.toString()).digest('base64');

function contextOf(scope: DeduplicationScope, data: ICheckProcessedContextData): string {
	if (scope !== 'node') return '';
	if (!data.node)
		throw new Error("No node information has been provided and so cannot use scope 'node'");
	return `n:${data.node.id}`;
}

export class MemoryDeduplicator implements IDataDeduplicator {
	private readonly records = new Map<string, Record>();

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries') throw new Error(`mode ${options.mode} is not emulated`);
		if (!data.workflow.id) throw new Error('the workflow has no id');
		const where = this.where(scope, data);
		const record = this.records.get(where);
		if (record && record.mode !== options.mode) {
			throw new Error(
				'Deduplication data was originally saved with an incompatible setting of the ‘Keep Items Where’ parameter.',
			);
		}
		const hashes = items.map(hashOf);
		if (!record) {
			this.records.set(where, { mode: options.mode, hashes: trimmed(hashes, options) });
			return await Promise.resolve({ new: items, processed: [] });
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
		record.hashes = trimmed(record.hashes, options);
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
	): Promise<void> {
		const record = this.records.get(this.where(scope, data));
		for (const hash of record ? items.map(hashOf) : []) {
			const index = record!.hashes.indexOf(hash);
			if (index !== -1) record!.hashes.splice(index, 1);
		}
		await Promise.resolve();
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

	private where(scope: DeduplicationScope, data: ICheckProcessedContextData): string {
		return JSON.stringify([data.workflow.id, contextOf(scope, data)]);
	}
}

function trimmed(hashes: string[], { maxEntries }: ICheckProcessedOptions): string[] {
	return maxEntries ? hashes.slice(Math.max(0, hashes.length - maxEntries)) : hashes;
}
