import type { IDataObject } from 'n8n-workflow';

/** A task's state as read when the batch is checked, or why it could not be read for good. */
export type Read = { state: IDataObject } | { gone: string };

/** One task of the waiting execution: its item's position in the output and its id. */
export interface WaitingTask {
	index: number;
	id: string;
}

/**
 * What this n8n process knows of one waiting batch. A callback that returns no items cannot
 * write to the waiting execution (n8n saves nothing of such a call), so what the callbacks learned
 * is kept here: the batch's task ids (so a call naming none of them is refused without reading
 * the execution's items), each task read finished (final, so never read again), and whether a
 * callback is resuming it (so duplicates resume it once). Only a hint: a process that never saw
 * the batch (a restart, another webhook process) reads what it needs; n8n itself resumes a waiting
 * execution once (its status must still be waiting).
 */
export interface BatchMemory {
	tasks: WaitingTask[];
	finished: Map<string, Read>;
	resuming: boolean;
	/** Epoch ms: forgotten after, the batch's Timeout has passed by then. */
	until: number;
}

/** Batches kept at once; the oldest is forgotten first. */
const MAX_BATCHES = 1_000;

const batches = new Map<string, BatchMemory>();

/** The batch an execution waits for, as far as this process knows it. */
export function knownBatch(executionId: string, now = Date.now()): BatchMemory | undefined {
	const memory = batches.get(executionId);
	if (memory && memory.until < now) batches.delete(executionId);
	return memory && memory.until >= now ? memory : undefined;
}

/** Starts the memory of an execution's batch (a new wait of the execution replaces the old one). */
export function rememberBatch(
	executionId: string,
	tasks: WaitingTask[],
	until: number,
): BatchMemory {
	batches.delete(executionId);
	const memory: BatchMemory = { tasks, finished: new Map(), resuming: false, until };
	batches.set(executionId, memory);
	while (batches.size > MAX_BATCHES) batches.delete(batches.keys().next().value as string);
	return memory;
}

/** Claims the resume of the batch: true for the first call only, until it is released. */
export function claimResume(memory: BatchMemory): boolean {
	if (memory.resuming) return false;
	memory.resuming = true;
	return true;
}
