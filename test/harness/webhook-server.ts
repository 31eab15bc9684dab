import { serveJson } from './json-server';
import type { RunOptions, WorkflowJson } from './types';
import { callWebhook } from './webhook';
import type { WebhookResult } from './webhook';

/** One call the server received: what the node answered and whether it started an execution. */
export interface Delivery extends WebhookResult {
	/** The status the caller got. */
	sentStatus: number;
}

export interface WebhookServer {
	/** The node's URL on 127.0.0.1 (append `?secret=...` as a user would). */
	url: string;
	deliveries: Delivery[];
	/** The item lists of the executions the node started, in order. */
	started(): WebhookResult['workflowData'][];
	close(): Promise<void>;
}

/**
 * Serves a workflow's webhook node over real HTTP, as n8n's webhook server does, so the emulator
 * can deliver its real webhooks (with its retries) to it. The answer is sent the moment the node
 * gives it.
 */
export async function serveWebhook(
	json: WorkflowJson,
	nodeName: string,
	options: RunOptions,
): Promise<WebhookServer> {
	const deliveries: Delivery[] = [];
	const server = await serveJson(({ body, query, headers }, answer) => {
		let sentStatus = 0;
		const send = (status: number, answerBody: unknown) => (sentStatus = answer(status, answerBody));
		callWebhook(json, nodeName, { body, query, headers }, { ...options, onAnswer: send }).then(
			(result) => {
				send(200, { message: 'Workflow was started' });
				deliveries.push({ ...result, sentStatus });
			},
			(error: Error) => {
				send(500, { message: error.message });
				deliveries.push({
					answeredEarly: false,
					sentStatus,
					answer: { error: error.message },
					credentialReads: new Map(),
				});
			},
		);
	});
	return {
		url: `${server.baseUrl}/webhook/trigger/task`,
		deliveries,
		started: () =>
			deliveries
				.filter((delivery) => delivery.workflowData)
				.map((delivery) => delivery.workflowData),
		close: server.close,
	};
}
