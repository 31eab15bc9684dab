import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { readDownloadFields } from '../fields/wait';
import { settle } from '../polling/task-waiting';
import { DEFAULT_POLL } from '../polling';
import type { TaskReader } from '../tasks';
import { readPostedTask } from './posted-task';
import { rereadWhileRunning } from './reread';
import { verifyPosted } from './verify';
import { DEFAULT_CALLBACK_TIMEOUT_MINUTES } from './wait-mode';

const KEEP_WAITING: IWebhookResponseData = { noWebhookResponse: true };

/**
 * A POST to the resume URL of an execution waiting in callback mode. The body is not trusted: it
 * must name the task this execution waits for, which is then read with the credential (once, or
 * a few times over 3 s while it still reads running: reread.ts). Only a task the service confirms
 * finished resumes the execution, with its final state (and files when asked); any other call is
 * answered with why, and the execution keeps waiting.
 */
export async function resumeOnCallback(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	/** The node's own output mapping, applied as in execute() (e.g. Create Image's fields). */
	finish: (item: INodeExecutionData) => INodeExecutionData = (item) => item,
): Promise<IWebhookResponseData> {
	// While waiting, the node's input is the item of its task (see waitForCallback).
	const waiting = ctx.evaluateExpression('{{ $json }}', 0) as IDataObject;
	const expected = typeof waiting?.[kind.idField] === 'string' ? String(waiting[kind.idField]) : '';
	const posted = readPostedTask(ctx.getBodyData());
	if ('problem' in posted)
		return answer(ctx, 400, `${posted.problem}; the execution keeps waiting`);
	if (!expected || posted.id !== expected) {
		return answer(
			ctx,
			400,
			`Task ${posted.id} is not the task this execution waits for; the execution keeps waiting`,
		);
	}
	const verified = await verifyPosted(ctx, { ...posted, kind }, true);
	// 503: the service retries a callback that was not accepted; at the time limit the execution goes on anyway.
	if ('unverified' in verified)
		return answer(ctx, 503, `${verified.unverified}; the execution keeps waiting`);
	if ('dropped' in verified)
		return answer(ctx, 403, `${verified.dropped}; the execution keeps waiting`);
	const state = await rereadWhileRunning(ctx, kind, expected, verified.state);
	const phase = kind.phase(state);
	if (phase === 'running') return stillRunning(ctx, expected);
	// Answered before the downloads, so a slow download does not make the service send again.
	answer(ctx, 200, 'Received');
	return {
		...KEEP_WAITING,
		workflowData: [[finish(await finalItem(ctx, kind, waiting, state, phase))]],
	};
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

async function finalItem(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	waiting: IDataObject,
	state: IDataObject,
	phase: 'succeeded' | 'failed',
): Promise<INodeExecutionData> {
	const downloadFields = readDownloadFields((name, fallback) =>
		ctx.getNodeParameter(name, fallback),
	);
	const minutes = ctx.getNodeParameter(
		'callbackTimeoutMinutes',
		DEFAULT_CALLBACK_TIMEOUT_MINUTES,
	) as number;
	const id = String(waiting[kind.idField]);
	const task = await settle(
		ctx,
		kind,
		{ outcome: phase, last: state },
		{ poll: DEFAULT_POLL, ...downloadFields },
		{
			id,
			deadline: Date.now() + minutes * 60_000,
		},
	);
	// The waiting item's timedOut outcome and message do not apply any more.
	const created = Object.fromEntries(
		Object.entries(waiting).filter(([key]) => key !== 'outcome' && key !== 'error'),
	);
	const json: IDataObject = {
		...created,
		...task.state,
		outcome: task.outcome,
		...(task.reason ? { error: task.reason } : {}),
	};
	return { json, ...(task.binary ? { binary: task.binary } : {}), pairedItem: { item: 0 } };
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return KEEP_WAITING;
}
