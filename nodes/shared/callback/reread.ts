import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { isCancelled, pause } from '../execution/abort';
import type { TaskReader } from '../tasks';

/**
 * A callback can arrive a moment before the task reads finished: the Unified Generation API
 * (Events) does not say that the callback follows the stored state. So a task the service still
 * reports running is read again after these pauses (3 s in all) before the callback is answered.
 */
export const REREAD_DELAYS_MS = [500, 1000, 1500];

export interface Rereads {
	delaysMs: readonly number[];
	/** The pauses and reads together end within this. */
	windowMs: number;
	/** Stop when the service hung up: it waits for the answer, so reading on serves nobody. */
	whileCallerWaits: boolean;
}

/** Before answering a callback: the service is waiting for the answer. */
const BEFORE_ANSWER: Rereads = {
	delaysMs: REREAD_DELAYS_MS,
	windowMs: 5_000,
	whileCallerWaits: true,
};

/**
 * The task's state after the brief re-reads: the first state that is no longer running, or the
 * last one read. Stops early when the caller hung up (nobody would get the answer), when the
 * execution is stopped, or when a re-read fails (the answer stays "still running").
 */
export async function rereadWhileRunning(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	id: string,
	state: IDataObject,
	rereads: Rereads = BEFORE_ANSWER,
): Promise<IDataObject> {
	const deadline = Date.now() + rereads.windowMs;
	let last = state;
	for (const delayMs of rereads.delaysMs) {
		if (kind.phase(last) !== 'running') break;
		await pause(ctx, delayMs, deadline);
		if (Date.now() >= deadline || isCancelled(ctx) || (rereads.whileCallerWaits && callerLeft(ctx)))
			break;
		try {
			last = await kind.query(ctx, id, 0, deadline);
		} catch {
			break;
		}
	}
	return last;
}

/** The service closed the connection of this delivery (e.g. its own time limit ran out). */
function callerLeft(ctx: IWebhookFunctions): boolean {
	const { socket } = ctx.getRequestObject() as { socket?: { destroyed?: boolean } };
	return socket?.destroyed === true;
}
