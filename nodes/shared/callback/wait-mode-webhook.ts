import type { IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { settle } from '../task-waiting';
import { DEFAULT_POLL } from '../polling';
import type { TaskKind } from '../tasks';
import { readPostedTask } from './posted-task';
import { verifyPosted } from './verify';
import { DEFAULT_CALLBACK_TIMEOUT_MINUTES } from './wait-mode';

const KEEP_WAITING: IWebhookResponseData = { noWebhookResponse: true };

/**
 * A POST to the resume URL of an execution waiting in callback mode. The body is not trusted: it
 * must name the task this execution waits for, which is then read once with the credential. Only
 * a task the service confirms finished resumes the execution, with its final state (and files
 * when asked); any other call is answered with why, and the execution keeps waiting.
 */
export async function resumeOnCallback(
	ctx: IWebhookFunctions,
	kind: TaskKind<never>,
	/** The node's own output mapping, applied as in execute() (e.g. Create Image's fields). */
	finish: (item: INodeExecutionData) => INodeExecutionData = (item) => item,
): Promise<IWebhookResponseData> {
	// While waiting, the node's input is the item of its task (see waitForCallback).
	const waiting = ctx.evaluateExpression('{{ $json }}', 0) as IDataObject;
	const expected = typeof waiting?.[kind.idField] === 'string' ? String(waiting[kind.idField]) : '';
	const posted = readPostedTask(ctx.getBodyData());
	if ('problem' in posted) return answer(ctx, 400, `${posted.problem}; the execution keeps waiting`);
	if (!expected || posted.id !== expected) {
		return answer(ctx, 400, `Task ${posted.id} is not the task this execution waits for; the execution keeps waiting`);
	}
	const verified = await verifyPosted(ctx, { ...posted, kind }, true);
	// 503: the service retries a callback that was not accepted; at the time limit the execution goes on anyway.
	if ('unverified' in verified) return answer(ctx, 503, `${verified.unverified}; the execution keeps waiting`);
	if ('dropped' in verified) return answer(ctx, 403, `${verified.dropped}; the execution keeps waiting`);
	const phase = kind.phase(verified.state);
	if (phase === 'running') return answer(ctx, 202, `Task ${expected} is still running; the execution keeps waiting`);
	// Answered before the downloads, so a slow download does not make the service send again.
	answer(ctx, 200, 'Received');
	return { ...KEEP_WAITING, workflowData: [[finish(await finalItem(ctx, kind, waiting, verified.state, phase))]] };
}

async function finalItem(
	ctx: IWebhookFunctions,
	kind: TaskKind<never>,
	waiting: IDataObject,
	state: IDataObject,
	phase: 'succeeded' | 'failed',
): Promise<INodeExecutionData> {
	const download = ctx.getNodeParameter('download', false) as boolean;
	const binaryProperty = download ? (ctx.getNodeParameter('binaryProperty', 'data') as string) : 'data';
	const minutes = ctx.getNodeParameter('callbackTimeoutMinutes', DEFAULT_CALLBACK_TIMEOUT_MINUTES) as number;
	const id = String(waiting[kind.idField]);
	// A webhook context has the helpers a download uses (httpRequest, prepareBinaryData, getNode).
	const task = await settle(ctx as unknown as IExecuteFunctions, kind, { outcome: phase, last: state }, { poll: DEFAULT_POLL, download, binaryProperty }, {
		id,
		deadline: Date.now() + minutes * 60_000,
	});
	// The waiting item's timedOut outcome and message do not apply any more.
	const created = Object.fromEntries(Object.entries(waiting).filter(([key]) => key !== 'outcome' && key !== 'error'));
	const json: IDataObject = { ...created, ...task.state, outcome: task.outcome, ...(task.reason ? { error: task.reason } : {}) };
	return { json, ...(task.binary ? { binary: task.binary } : {}), pairedItem: { item: 0 } };
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return KEEP_WAITING;
}
