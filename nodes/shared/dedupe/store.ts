import { NodeOperationError, sleep } from 'n8n-workflow';
import type { DeduplicationScope, IExecuteFunctions } from 'n8n-workflow';

/**
 * n8n's own deduplication store, the one its Remove Duplicates node uses: database-backed (it
 * survives restarts and is shared by queue-mode workers), keyed by workflow and, in node scope, by
 * the node's id (renaming the node keeps its memory). It keeps an md5 hash of each value, in
 * 'entries' mode, the oldest dropped past the maxEntries of the call that writes.
 *
 * There is no "check only" call: checkProcessedAndRecord records the new values as it answers. And
 * there is no lock: a call reads the record, then writes it whole, so two calls that overlap can
 * lose one's changes (oneAtATime below within a process; the ledger's gate across processes).
 */
export interface StoreRecord {
	scope: DeduplicationScope;
	/** The cap every call that writes this record passes. */
	maxEntries: number;
}

const optionsOf = ({ maxEntries }: StoreRecord) => ({ mode: 'entries' as const, maxEntries });

/**
 * The calls of this package to one record, one at a time within this n8n process: n8n's store
 * has no lock, so two executions of one process would otherwise erase each other's writes (its
 * calls read the record, await the database, then write it whole). Calls from other processes
 * (queue-mode workers) are not covered: the ledger's gate (../ledger/gate.ts) is.
 */
const inFlight = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(
	ctx: IExecuteFunctions,
	record: StoreRecord,
	call: () => Promise<T>,
): Promise<T> {
	const node = record.scope === 'node' ? ctx.getNode().id : '';
	const key = JSON.stringify([ctx.getWorkflow().id, record.scope, node]);
	const before = inFlight.get(key) ?? Promise.resolve();
	const mine = before.catch(() => undefined).then(call);
	inFlight.set(key, mine);
	try {
		return await mine;
	} finally {
		if (inFlight.get(key) === mine) inFlight.delete(key);
	}
}

/** Records the values not seen before and returns those that were. */
export async function recordNew(
	ctx: IExecuteFunctions,
	values: string[],
	record: StoreRecord,
): Promise<Set<string>> {
	if (values.length === 0) return new Set();
	try {
		const { processed } = await oneAtATime(
			ctx,
			record,
			async () =>
				await ctx.helpers.checkProcessedAndRecord(values, record.scope, optionsOf(record)),
		);
		return new Set(processed.map(String));
	} catch (error) {
		throw storeError(ctx, error as Error);
	}
}

export async function forgetValues(
	ctx: IExecuteFunctions,
	values: string[],
	record: StoreRecord,
): Promise<void> {
	if (values.length === 0) return;
	try {
		await oneAtATime(
			ctx,
			record,
			async () => await ctx.helpers.removeProcessed(values, record.scope, optionsOf(record)),
		);
	} catch (error) {
		throw storeError(ctx, error as Error);
	}
}

/** The store failed: what it was for, and what to change when it refuses the scope. */
export function storeError(ctx: IExecuteFunctions, error: Error): NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	return new NodeOperationError(
		ctx.getNode(),
		`n8n's deduplication store failed: ${error.message}`,
		{
			description:
				'The node records each create there before sending it, so that no Retry, overlap or crash pays for it twice. If another node of this workflow (e.g. Remove Duplicates) uses scope Workflow in another mode, set Skip Scope to Node. Nothing was sent.',
		},
	);
}

/**
 * A call that fails is made again, up to STORE_TRIES times: two executions that write a record for
 * the first time at once collide on its key in n8n's table, and one of them fails.
 */
const STORE_TRIES = 3;

export async function retried<T>(ctx: IExecuteFunctions, call: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await call();
		} catch (error) {
			if (attempt >= STORE_TRIES) throw storeError(ctx, error as Error);
			await sleep(25 + Math.random() * 50);
		}
	}
}
