import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { isPermanentError } from '../transport/permanent';
import type { TaskReader } from '../tasks';
import { TIMED_OUT } from './wait-mode';

/** One task of the waiting execution: its item's position in the output and its id. */
interface WaitingTask {
	index: number;
	id: string;
}

/** A task's state as read when the batch is checked, or why it could not be read for good. */
export type Read = { state: IDataObject } | { gone: string };

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

/**
 * Whether this callback resumes the batch, with every task's state (undefined: it does not). Two
 * callbacks of one batch can both find everything finished; only the one of the task that
 * finished last resumes, so the execution goes on once. So a callback stops reading at the first
 * task that still runs or that finished after its own (that one's callback resumes), unless that
 * finished past the service's retries (its callback may have been lost while n8n was down). It
 * starts after its own task: those created later are the likeliest to end later, so a callback
 * that is not the last usually costs one read. It reads 1, then 2, 4, 8... tasks at once, so the
 * last task's callback of a batch of 100 reads the others in 7 rounds, not 99 one after another
 * (the service waits for its answer at most 10 s). A read that fails for now counts as running;
 * one that will never succeed (404, 403) as finished.
 */
export async function readBatch(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	tasks: WaitingTask[],
	mine: Finished,
	deadline: number,
): Promise<Map<string, Read> | undefined> {
	const start = tasks.findIndex((task) => task.id === mine.id);
	const others = [...tasks.slice(start + 1), ...tasks.slice(0, start)];
	const reads = new Map<string, Read>([[mine.id, { state: mine.state }]]);
	for (let at = 0, size = 1; at < others.length; at += size, size *= 2) {
		const round = others.slice(at, at + size);
		const answers = await Promise.all(round.map(({ id }) => readOne(ctx, kind, id, deadline)));
		for (const [index, read] of answers.entries()) {
			const other = round[index];
			if (read === undefined) return undefined;
			if ('state' in read && endsLater(kind, mine, { id: other.id, state: read.state }))
				return undefined;
			reads.set(other.id, read);
		}
	}
	return reads;
}

/** One task's state, why it is gone for good, or undefined while it runs (or cannot be read for now). */
async function readOne(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	id: string,
	deadline: number,
): Promise<Read | undefined> {
	try {
		const state = await kind.query(ctx, id, 0, deadline);
		return kind.phase(state) === 'running' ? undefined : { state };
	} catch (error) {
		return isPermanentError(error as Error) ? { gone: (error as Error).message } : undefined;
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
