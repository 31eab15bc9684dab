// First: sets n8n-core's environment before n8n-core is loaded by the imports below.
import { harnessReady } from './environment';

import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';
import type {
	INodeExecutionData,
	IRunExecutionData,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WebhookSetupMethodNames,
} from 'n8n-workflow';

import { forgetKeptCredentials } from '../../nodes/shared/transport/webhook-credentials';
import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { RunOptions, WorkflowJson } from './types';
import { asWorkflowBase, createWorkflow } from './workflow';
import { credentialTypes, nodeTypes } from './index';

/** An incoming webhook call as n8n's Express server hands it to a node. */
export interface WebhookRequest {
	body: unknown;
	/** As Express parses it: a repeated parameter (?a=1&a=2) is an array. */
	query?: Record<string, string | string[]>;
	headers?: Record<string, string>;
	/** The connection, as far as a node reads it (`destroyed`: the caller hung up). */
	socket?: { destroyed: boolean };
}

/** What the caller was answered, and the items the trigger emitted (undefined: no execution starts). */
export interface WebhookResult {
	status?: number;
	answer?: unknown;
	/** Headers the node set on its answer. */
	headers?: Record<string, string>;
	workflowData?: INodeExecutionData[][];
	/** True when the node answered the caller before its webhook() returned (it answered "at once"). */
	answeredEarly: boolean;
	/** How many times the call read each credential type from n8n. */
	credentialReads: ReadonlyMap<string, number>;
}

/** The part of Express's Response a node uses; `onAnswer` lets a server send the answer at once. */
class RecordedResponse {
	status_?: number;
	body?: unknown;
	headers: Record<string, string> = {};
	constructor(private readonly onAnswer: (status: number, body: unknown) => void) {}
	status(code: number) {
		this.status_ = code;
		return this;
	}
	setHeader(name: string, value: string) {
		this.headers[name.toLowerCase()] = value;
		return this;
	}
	json(body: unknown) {
		this.body = body;
		this.onAnswer(this.status_ ?? 200, body);
		return this;
	}
	end() {
		return this.json(undefined);
	}
}

let calls = 0;
let lastCredentials: string | undefined;

/**
 * A webhook call keeps the node's credential a minute (webhook-credentials.ts); tests give one
 * node new credential data (a new service's URL) from one call to the next, which n8n would only
 * see after a user's edit, so the kept ones are forgotten when the data changes.
 */
function credentialsChangedTo(credentials: RunOptions['credentials']): void {
	const now = JSON.stringify(credentials ?? {});
	if (now !== lastCredentials) forgetKeptCredentials();
	lastCredentials = now;
}

/**
 * Calls a node's webhook() the way n8n's webhook server does for a production URL (mode
 * 'webhook'): a real WebhookContext of n8n-core over the test's workflow and credentials, with the
 * request's body, query and headers. `onAnswer` is called as soon as the node answers.
 */
export async function callWebhook(
	json: WorkflowJson,
	nodeName: string,
	request: WebhookRequest,
	options: RunOptions & {
		onAnswer?: (status: number, body: unknown) => void;
		/** A waiting execution's data: the call resumes it, as n8n's waiting webhooks do (see waiting.ts). */
		runExecutionData?: IRunExecutionData;
		/** The waiting execution's id: n8n's waiting webhooks run the call under it. */
		executionId?: string;
	},
): Promise<WebhookResult> {
	credentialsChangedTo(options.credentials);
	let returned = false;
	let answeredEarly = false;
	const response = new RecordedResponse((status, body) => {
		answeredEarly = !returned;
		options.onAnswer?.(status, body);
	});
	const http = {
		httpRequest: {
			body: request.body,
			query: request.query ?? {},
			headers: request.headers ?? {},
			params: {},
			socket: request.socket,
		},
		httpResponse: response,
	};
	const { workflow, node, nodeType, additionalData, webhookData, credentials } = await webhookOf(
		json,
		nodeName,
		options,
		http,
		options.executionId,
	);
	const context = new WebhookContext(
		workflow,
		node,
		additionalData,
		'webhook',
		webhookData,
		[],
		options.runExecutionData ?? null,
	);
	const result: IWebhookResponseData = await nodeType.webhook!.call(context);
	returned = true;
	return {
		status: response.status_,
		answer: response.body,
		headers: response.headers,
		workflowData: result.workflowData,
		answeredEarly,
		credentialReads: new Map(credentials.reads),
	};
}

/** Runs one of the node's webhookMethods as n8n does when a workflow is activated ('activate') or deactivated. */
export async function callWebhookMethod(
	json: WorkflowJson,
	nodeName: string,
	method: WebhookSetupMethodNames,
	options: RunOptions,
): Promise<boolean> {
	const { workflow, node, nodeType, additionalData, webhookData } = await webhookOf(
		json,
		nodeName,
		options,
		{},
	);
	const context = new HookContext(
		workflow,
		node,
		additionalData,
		'webhook',
		'activate',
		webhookData,
	);
	const methods = nodeType.webhookMethods?.default;
	if (!methods) throw new Error(`"${nodeName}" has no webhookMethods`);
	return await methods[method].call(context);
}

/** The workflow, the webhook node and the per-call data both kinds of call need. */
async function webhookOf(
	json: WorkflowJson,
	nodeName: string,
	options: RunOptions,
	http: Partial<IWorkflowExecuteAdditionalData>,
	executionId = `webhook-${++calls}`,
) {
	await harnessReady();
	const workflow = createWorkflow(json, nodeTypes(), options);
	const node = workflow.getNode(nodeName);
	if (!node) throw new Error(`No node "${nodeName}" in the workflow`);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const description = nodeType.description.webhooks?.[0];
	if (!nodeType.webhook || !description) throw new Error(`"${nodeName}" has no webhook`);
	const hooks = new ExecutionLifecycleHooks('webhook', executionId, asWorkflowBase(workflow));
	const credentials = new HarnessCredentialsHelper(credentialTypes(), options.credentials);
	const additionalData = {
		...buildAdditionalData(credentials, hooks),
		...http,
	} as IWorkflowExecuteAdditionalData;
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: String(description.path),
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	} as IWebhookData;
	return { workflow, node, nodeType, additionalData, webhookData, credentials };
}
