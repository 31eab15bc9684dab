import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { readDownloadFields } from '../fields/wait';
import { settle } from '../waiting/task-waiting';
import { DEFAULT_POLL } from '../polling';
import type { TaskReader } from '../tasks';
import { mapWithLimit } from '../execution/concurrency';
import { readBatch, waitingItems, waitingTasks } from './batch';
import type { Read } from './batch';
import { readPostedTask } from './posted-task';
import { rereadWhileRunning } from './reread';
import { verifyPosted } from './verify';
import { DEFAULT_CALLBACK_TIMEOUT_MINUTES } from './wait-mode';

const KEEP_WAITING: IWebhookResponseData = { noWebhookResponse: true };

/**
 * A POST to the resume URL of an execution waiting in callback mode. The body is not trusted: it
 * must name a task this execution waits for, which is then read with the credential (once, or a
 * few times over 3 s while it still reads running: reread.ts). A task the service confirms
 * finished is acknowledged; when the batch's other tasks read finished too (batch.ts), the
 * execution resumes with every task's final state (and files when asked). Any other call is
 * answered with why, and the execution keeps waiting.
 */
export async function resumeOnCallback(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	/** The node's own output mapping, applied as in execute() (e.g. Create Image's fields). */
	finish: (item: INodeExecutionData) => INodeExecutionData = (item) => item,
): Promise<IWebhookResponseData> {
	const items = waitingItems(ctx);
	const tasks = waitingTasks(items, kind);
	const posted = readPostedTask(ctx.getBodyData());
	if ('problem' in posted)
		return answer(ctx, 400, `${posted.problem}; the execution keeps waiting`);
	const mine = tasks.find((task) => task.id === posted.id);
	if (!mine) {
		return answer(
			ctx,
			400,
			`Task ${posted.id} is not a task this execution waits for; the execution keeps waiting`,
		);
	}
	const verified = await verifyPosted(ctx, { ...posted, kind }, true);
	// 503: the service retries a callback that was not accepted; at the time limit the execution goes on anyway.
	if ('unverified' in verified)
		return answer(ctx, 503, `${verified.unverified}; the execution keeps waiting`);
	if ('dropped' in verified)
		return answer(ctx, 403, `${verified.dropped}; the execution keeps waiting`);
	const state = await rereadWhileRunning(ctx, kind, mine.id, verified.state);
	if (kind.phase(state) === 'running') return stillRunning(ctx, mine.id);
	// Answered before reading the others and downloading, so a slow batch does not make the service send again.
	answer(ctx, 200, 'Received');
	const deadline = Date.now() + callbackMinutes(ctx) * 60_000;
	const reads = await readBatch(ctx, kind, tasks, { id: mine.id, state }, deadline);
	if (!reads) return KEEP_WAITING;
	const taskAt = new Map(tasks.map((task) => [task.index, task]));
	const resumed = await mapWithLimit(items, DOWNLOADS_AT_ONCE, async (item, index) => {
		const task = taskAt.get(index);
		return task ? finish(await finalItem(ctx, kind, item, reads.get(task.id)!, deadline)) : item;
	});
	return { ...KEEP_WAITING, workflowData: [resumed.map((item) => item!)] };
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

/** Result files downloaded at once when the batch resumes. */
const DOWNLOADS_AT_ONCE = 3;

const callbackMinutes = (ctx: IWebhookFunctions) =>
	ctx.getNodeParameter('callbackTimeoutMinutes', DEFAULT_CALLBACK_TIMEOUT_MINUTES) as number;

async function finalItem(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	waiting: INodeExecutionData,
	read: Read,
	deadline: number,
): Promise<INodeExecutionData> {
	const downloadFields = readDownloadFields((name, fallback) =>
		ctx.getNodeParameter(name, fallback),
	);
	const id = String(waiting.json[kind.idField]);
	const result =
		'state' in read
			? { outcome: kind.phase(read.state) as 'succeeded' | 'failed', last: read.state }
			: { outcome: 'error' as const, error: new Error(read.gone) };
	const task = await settle(
		ctx,
		kind,
		result,
		{ poll: DEFAULT_POLL, ...downloadFields },
		{
			id,
			deadline,
		},
	);
	// The waiting item's timedOut outcome and message do not apply any more.
	const created = Object.fromEntries(
		Object.entries(waiting.json).filter(([key]) => key !== 'outcome' && key !== 'error'),
	);
	const json: IDataObject = {
		...created,
		...task.state,
		outcome: task.outcome,
		...(task.reason ? { error: task.reason } : {}),
	};
	return { ...waiting, json, ...(task.binary ? { binary: task.binary } : {}) };
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return KEEP_WAITING;
}
