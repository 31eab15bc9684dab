import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { pause } from '../execution/abort';
import { mapWithLimit } from '../execution/concurrency';
import { isPermanentError } from '../transport/permanent';
import type { TaskReader } from '../tasks';
import type { BatchMemory, Read, WaitingTask } from './batch-memory';
import { TIMED_OUT } from './wait-mode';

/**
 * How long after a task finished its callback may still come: the service retries after 1 s, 5 s
 * and 30 s (Unified Generation API, Events), each retry once the attempt before it was answered
 * or given up (the emulator, like such services, gives an attempt 10 s). So the last attempt
 * starts at most 10 + 1 + 10 + 5 + 10 + 30 = 66 s after the task finished; past this window, a
 * batch whose last task has not resumed it lost that callback.
 */
export const LAST_CALLBACK_WINDOW_MS = 75_000;

/** The items the execution waits with (waitForCallback): its input while it waits. */
export function waitingItems(ctx: IWebhookFunctions): INodeExecutionData[] {
	const items = ctx.evaluateExpression('{{ $input.all() }}', 0);
	return Array.isArray(items) ? (items as INodeExecutionData[]) : [];
}

/** The tasks still waited for: the items that carry an id and the timedOut mark of the wait. */
export function waitingTasks(items: INodeExecutionData[], kind: TaskReader): WaitingTask[] {
	return items.flatMap((item, index) => {
		const id = item.json?.[kind.idField];
		return typeof id === 'string' && item.json.outcome === TIMED_OUT ? [{ index, id }] : [];
	});
}

/** A finished task of the batch: its id and its state as read. */
export interface Finished {
	id: string;
	state: IDataObject;
}

/** Reads of other tasks one callback makes at most, and at once (a burst invites a 429). */
export const READS_PER_CALLBACK = 16;
const READS_AT_ONCE = 4;

/** Pauses before a read that failed for now (429, 5xx after the transport's own retries) is tried again. */
const READ_AGAIN_AFTER_MS = [1000, 2000];

/**
 * What a callback's reads tell of its batch: every task finished (`complete`: this callback may
 * resume it), one still runs or ended after this one's own task (`later`: that task's callback
 * resumes it), or it cannot tell yet (`unsure`: a read failed for now, or the reads per callback
 * ran out), so the caller is asked to call again.
 */
export type BatchCheck = 'complete' | 'later' | 'unsure';

/**
 * Reads the batch's tasks this process does not know finished (memory: batch-memory.ts), starting
 * after the callback's own task: those created later are the likeliest to end later, so a
 * callback that is not the last usually costs one read. At most READS_PER_CALLBACK reads, a few at
 * once, stopping at the first task that still runs or that finished after the callback's own
 * (unless past the service's retries: its callback may have been lost while n8n was down). A task
 * read finished is remembered, so no later callback reads it again: the whole batch costs O(n)
 * reads whatever order its tasks finish in. A read that will never succeed (404, 403) counts as
 * finished, with why.
 */
export async function readBatch(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	memory: BatchMemory,
	mine: Finished,
	deadline: number,
): Promise<BatchCheck> {
	const at = memory.tasks.findIndex((task) => task.id === mine.id);
	const unknown = [...memory.tasks.slice(at + 1), ...memory.tasks.slice(0, at)].filter(
		(task) => !memory.finished.has(task.id),
	);
	const toRead = unknown.slice(0, READS_PER_CALLBACK);
	let check: BatchCheck = toRead.length < unknown.length ? 'unsure' : 'complete';
	const readInto = async ({ id }: WaitingTask) => {
		const read = await readOne(ctx, kind, id, deadline);
		if (read === 'failed') check = 'unsure';
		else if (read === 'running') check = 'later';
		else {
			memory.finished.set(id, read);
			if ('state' in read && endsLater(kind, mine, { id, state: read.state })) check = 'later';
		}
	};
	// the first alone: in most callbacks it still runs, and the others need not be read
	const stop = () => check === 'later';
	await mapWithLimit(toRead.slice(0, 1), 1, readInto);
	await mapWithLimit(toRead.slice(1), READS_AT_ONCE, readInto, stop);
	return check;
}

/** One task's state or why it is gone for good, read again after a failure for now (bounded). */
async function readOne(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	id: string,
	deadline: number,
): Promise<Read | 'running' | 'failed'> {
	for (let attempt = 0; ; attempt++) {
		try {
			const state = await kind.query(ctx, id, 0, deadline);
			return kind.phase(state) === 'running' ? 'running' : { state };
		} catch (error) {
			if (isPermanentError(error as Error)) return { gone: (error as Error).message };
			if (attempt >= READ_AGAIN_AFTER_MS.length || Date.now() >= deadline) return 'failed';
			await pause(ctx, READ_AGAIN_AFTER_MS[attempt], deadline);
		}
	}
}

/**
 * Whether `other` finished after `mine` (equal times told apart by id, so exactly one task is the
 * last) and recently enough that its own callback may still come. Unknown times: false, the
 * callback cannot tell who is last and reads on.
 */
export function endsLater(
	kind: TaskReader,
	mine: Finished,
	other: Finished,
	now = Date.now(),
): boolean {
	const at = (task: Finished) => kind.times?.(task.state).completedAt;
	const [a, b] = [at(mine), at(other)];
	if (a === undefined || b === undefined) return false;
	const later = b > a || (b === a && other.id > mine.id);
	return later && now - b <= LAST_CALLBACK_WINDOW_MS;
}
