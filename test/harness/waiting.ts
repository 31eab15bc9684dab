// First: sets n8n-core's environment before n8n-core is loaded by the imports below.
import { harnessReady } from './environment';

import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type { IRun, IRunExecutionData } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { startRun } from './engine';
import { toRunResult } from './run-result';
import type { RunOptions, RunResult, WorkflowJson } from './types';
import { serveJson } from './json-server';
import { callWebhook } from './webhook';
import type { WebhookRequest, WebhookResult } from './webhook';
import { asWorkflowBase, createWorkflow } from './workflow';
import { credentialTypes, nodeTypes } from './index';

/** An execution that a node put to wait, as n8n saves it: its data serialized, no process held. */
export interface WaitingExecution {
	executionId: string;
	/** The run up to the wait ('waiting' when a node waits). */
	result: RunResult;
	waitTill?: Date;
	/** The execution data as JSON, as n8n stores it; each resume starts from a fresh parse. */
	saved: string;
}

export interface WaitingOptions extends RunOptions {
	/** n8n's base of resume URLs (`$execution.resumeUrl` = `<base>/<executionId>`). */
	waitingBaseUrl?: string;
}

let executions = 0;

function contextFor(json: WorkflowJson, executionId: string, options: WaitingOptions) {
	const workflow = createWorkflow(json, nodeTypes(), options);
	const hooks = new ExecutionLifecycleHooks('manual', executionId, asWorkflowBase(workflow));
	const credentials = new HarnessCredentialsHelper(credentialTypes(), options.credentials);
	const additionalData = buildAdditionalData(credentials, hooks);
	if (options.waitingBaseUrl) additionalData.webhookWaitingBaseUrl = options.waitingBaseUrl;
	return { workflow, additionalData, reads: credentials.reads };
}

const waitingOf = (
	executionId: string,
	run: IRun,
	{ workflow, reads }: ReturnType<typeof contextFor>,
): WaitingExecution => ({
	executionId,
	result: toRunResult(run, workflow, reads, executionId),
	waitTill: run.waitTill ?? undefined,
	saved: JSON.stringify(run.data),
});

/** Runs a workflow as "Execute workflow" does, until it ends or a node puts it to wait. */
export async function runUntilWaiting(
	json: WorkflowJson,
	options: WaitingOptions,
): Promise<WaitingExecution> {
	await harnessReady();
	const executionId = `waiting-${++executions}`;
	const context = contextFor(json, executionId, options);
	const run = await startRun(context.additionalData, context.workflow);
	return waitingOf(executionId, run, context);
}

/** Goes on from the saved data, as n8n does when the execution is resumed; a new wait is reported again. */
async function goOn(
	json: WorkflowJson,
	waiting: WaitingExecution,
	data: IRunExecutionData,
	options: WaitingOptions,
) {
	const context = contextFor(json, waiting.executionId, options);
	const run = await new WorkflowExecute(
		context.additionalData,
		'manual',
		data,
	).processRunExecutionData(context.workflow);
	return waitingOf(waiting.executionId, run, context);
}

/** What n8n's WaitTracker does when waitTill has passed: runs the saved execution on. */
export async function resumeByTimeout(
	json: WorkflowJson,
	waiting: WaitingExecution,
	options: WaitingOptions,
): Promise<WaitingExecution> {
	return await goOn(json, waiting, JSON.parse(waiting.saved) as IRunExecutionData, options);
}

/**
 * What n8n's waiting webhooks do for a POST to the resume URL (waiting-webhooks.js and
 * webhook-helpers.js of n8n 2.40): the waiting node's webhook() gets the call with the saved
 * execution data; only when it returns items is the node disabled with them as its data and the
 * execution run on. Otherwise the execution stays as saved.
 */
export async function resumeByCallback(
	json: WorkflowJson,
	waiting: WaitingExecution,
	request: WebhookRequest,
	options: WaitingOptions & { onAnswer?: (status: number, body: unknown) => void },
): Promise<{ webhook: WebhookResult; resumed?: WaitingExecution }> {
	const data = JSON.parse(waiting.saved) as IRunExecutionData;
	const nodeName = data.resultData.lastNodeExecuted!;
	const entry = data.executionData!.nodeExecutionStack[0];
	entry.node.disabled = true;
	data.waitTill = undefined;
	const webhook = await callWebhook(json, nodeName, request, {
		...options,
		runExecutionData: data,
		executionId: waiting.executionId,
	});
	if (!webhook.workflowData) return { webhook };
	entry.data.main = webhook.workflowData;
	return { webhook, resumed: await goOn(json, waiting, data, options) };
}

/** One POST the resume server received, what it answered, and the execution's state after it. */
export interface ResumeCall {
	executionId: string;
	webhook?: WebhookResult;
	resumed?: WaitingExecution;
	sentStatus: number;
}

export interface ResumeServer {
	/** The base of resume URLs to run workflows with (WaitingOptions.waitingBaseUrl). */
	waitingBaseUrl: string;
	calls: ResumeCall[];
	/** Lets calls for this execution resume it (until then they are answered 409, as n8n answers for a running execution). */
	register(waiting: WaitingExecution): void;
	close(): Promise<void>;
}

/** Serves n8n's resume URLs over real HTTP, so the emulator's real callbacks resume executions. */
export async function serveResume(
	json: WorkflowJson,
	options: WaitingOptions,
): Promise<ResumeServer> {
	const waitingById = new Map<string, WaitingExecution>();
	const calls: ResumeCall[] = [];
	const server = await serveJson(({ url, body, query }, answer) => {
		const executionId = url.pathname.split('/').pop() ?? '';
		const waiting = waitingById.get(executionId);
		if (!waiting) {
			calls.push({
				executionId,
				sentStatus: answer(409, { message: `The execution "${executionId}" is not waiting.` }),
			});
			return;
		}
		// n8n's check of the resume token in the URL (waiting-webhooks.js validateToken).
		const { resumeToken } = JSON.parse(waiting.saved) as IRunExecutionData;
		if (!resumeToken || query.signature !== resumeToken) {
			calls.push({ executionId, sentStatus: answer(401, { error: 'Invalid token' }) });
			return;
		}
		void resumeByCallback(json, waiting, { body, query }, { ...options, onAnswer: answer }).then(
			({ webhook, resumed }) => {
				if (resumed) waitingById.delete(executionId);
				calls.push({
					executionId,
					sentStatus: answer(200, { message: 'Webhook call received' }),
					webhook,
					resumed,
				});
			},
			(error: Error) =>
				calls.push({ executionId, sentStatus: answer(500, { message: error.message }) }),
		);
	});
	return {
		waitingBaseUrl: `${server.baseUrl}/webhook-waiting`,
		calls,
		register: (waiting) => waitingById.set(waiting.executionId, waiting),
		close: server.close,
	};
}
