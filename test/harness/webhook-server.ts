import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			let sentStatus = 0;
			const send = (status: number, body: unknown) => {
				sentStatus = status;
				res.writeHead(sentStatus, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body ?? {}));
			};
			const text = Buffer.concat(chunks).toString('utf8');
			const request = { body: text ? JSON.parse(text) : {}, query: Object.fromEntries(url.searchParams), headers: req.headers as Record<string, string> };
			callWebhook(json, nodeName, request, { ...options, onAnswer: send }).then(
				(result) => {
					if (!res.headersSent) send(200, { message: 'Workflow was started' });
					deliveries.push({ ...result, sentStatus });
				},
				(error: Error) => {
					if (!res.headersSent) send(500, { message: error.message });
					deliveries.push({ answeredEarly: false, sentStatus, answer: { error: error.message } });
				},
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/webhook/trigger/task`,
		deliveries,
		started: () => deliveries.filter((delivery) => delivery.workflowData).map((delivery) => delivery.workflowData),
		close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
	};
}
