import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { TaskReader } from '../tasks';
import { readBatch, waitingItems, waitingTasks } from './batch';
import { claimResume, knownBatch, rememberBatch } from './batch-memory';
import type { BatchMemory } from './batch-memory';
import { readPostedTask } from './posted-task';
import { rereadWhileRunning } from './reread';
import { resumedItems } from './resume-items';
import type { ResumeSettings } from './resume-items';
import { verifyPosted } from './verify';

const KEEP_WAITING: IWebhookResponseData = { noWebhookResponse: true };

/** The batch's reads end within this, so the answer comes within the service's 10 s per attempt. */
const BATCH_READS_MS = 6_000;

/**
 * A POST to the resume URL of an execution waiting in callback mode (n8n has checked the URL's
 * resume token). The body is not trusted: it must name a task of this batch, checked before
 * anything is read, which is then read with the credential (once, or a few times over 3 s while
 * it still reads running: reread.ts). A task the service confirms finished is acknowledged once
 * the batch's other tasks are read (batch.ts); when all are finished, the execution resumes once
 * with every task's final state (and files when asked). Any other call is answered with why, and
 * the execution keeps waiting.
 */
export async function resumeOnCallback(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	settings: ResumeSettings,
	/** The node's own output mapping, applied as in execute() (e.g. Create Image's fields). */
	finish: (item: INodeExecutionData) => INodeExecutionData = (item) => item,
): Promise<IWebhookResponseData> {
	const posted = readPostedTask(ctx.getBodyData());
	if ('problem' in posted)
		return answer(ctx, 400, `${posted.problem}; the execution keeps waiting`);
	const memory = batchOf(ctx, kind, settings.callbackMinutes);
	const mine = memory.tasks.find((task) => task.id === posted.id);
	if (!mine) {
		return answer(
			ctx,
			400,
			`Task ${posted.id} is not a task this execution waits for; the execution keeps waiting`,
		);
	}
	if (memory.resuming) return answer(ctx, 200, 'Received; the execution is resuming already');
	const verified = await verifyPosted(ctx, { ...posted, kind }, true);
	// 503: the service retries a callback that was not accepted; at the time limit the execution goes on anyway.
	if ('unverified' in verified)
		return answer(ctx, 503, `${verified.unverified}; the execution keeps waiting`);
	if ('dropped' in verified)
		return answer(ctx, 403, `${verified.dropped}; the execution keeps waiting`);
	const state = await rereadWhileRunning(ctx, kind, mine.id, verified.state);
	if (kind.phase(state) === 'running') return stillRunning(ctx, mine.id);
	memory.finished.set(mine.id, { state });
	const check = await readBatch(ctx, kind, memory, { id: mine.id, state }, batchDeadline());
	if (check === 'unsure') return callAgain(ctx, mine.id);
	// Answered before downloading, so a slow download does not make the service send again.
	answer(ctx, 200, 'Received');
	if (check === 'later' || !claimResume(memory)) return KEEP_WAITING;
	let items: INodeExecutionData[] | undefined;
	try {
		items = await resumedItems(ctx, kind, memory, finish, settings);
	} finally {
		// a resume that failed leaves the batch to the next delivery
		if (!items) memory.resuming = false;
	}
	return { ...KEEP_WAITING, workflowData: [items] };
}

const batchDeadline = () => Date.now() + BATCH_READS_MS;

/**
 * The batch as this process knows it; the first call of a process that does not know it reads the
 * waiting items (an expression) and remembers their task ids.
 */
function batchOf(ctx: IWebhookFunctions, kind: TaskReader, minutes: number): BatchMemory {
	const executionId = ctx.getExecutionId();
	const known = knownBatch(executionId);
	if (known) return known;
	const until = Date.now() + minutes * 60_000;
	return rememberBatch(executionId, waitingTasks(waitingItems(ctx), kind), until);
}

/**
 * The callback's own task is finished, but a read of another task failed for now (after its
 * retries) or the reads per callback ran out: not acknowledged, so the service sends it again
 * (after 1 s, 5 s and 30 s) and the next delivery reads only what is still unknown.
 */
function callAgain(ctx: IWebhookFunctions, id: string): IWebhookResponseData {
	ctx.getResponseObject().setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
	return answer(
		ctx,
		503,
		`Task ${id} is finished, but the batch's other tasks could not all be read yet; the execution keeps waiting for the service to call again`,
	);
}

/**
 * The task still runs after the re-reads. A 2xx would end the service's deliveries and leave the
 * execution waiting out its whole time limit; 503 (Service Unavailable, with Retry-After) is the
 * status for "not now, try again later", and any non-2xx makes the service send the callback
 * again (Unified Generation API, Events: up to 3 retries, after 1 s, 5 s and 30 s). A standalone
 * upscale calls back once (Events), so for it only the re-reads help.
 */
function stillRunning(ctx: IWebhookFunctions, id: string): IWebhookResponseData {
	ctx.getResponseObject().setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
	return answer(
		ctx,
		503,
		`Task ${id} is still running; the execution keeps waiting for the service to call again`,
	);
}

/** A hint only: the service retries on its own schedule (1 s, 5 s, 30 s). */
const RETRY_AFTER_SECONDS = 5;

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return KEEP_WAITING;
}
