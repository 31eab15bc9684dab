import { createServer } from 'http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';

/**
 * One scripted answer: a status and a body; a connection dropped without an answer ('drop');
 * no answer at all ('hang'); headers at once, then one byte every `everyMs`, never ending ('drip'); or
 * headers announcing the whole body's Content-Length, then only its first half, and the connection closed ('cut').
 */
export type Reply =
	| { status: number; body?: unknown; headers?: Record<string, string | string[]> }
	| 'drop'
	| 'hang'
	| { drip: { everyMs: number; status?: number; headers?: Record<string, string> } }
	| { cut: { body: Buffer; headers?: Record<string, string> } };

export interface Seen {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
	/** The body as the bytes that arrived. */
	raw: Buffer;
	at: number;
}

/**
 * A real HTTP server on 127.0.0.1 that answers each request with the next scripted reply
 * (the last one repeats) and records what it received.
 */
export async function scriptedServer(replies: Reply[]) {
	const seen: Seen[] = [];
	const timers = new Set<NodeJS.Timeout>();
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const raw = Buffer.concat(chunks);
			seen.push({
				method: request.method ?? '',
				url: request.url ?? '',
				headers: request.headers,
				body: raw.toString(),
				raw,
				at: Date.now(),
			});
			const reply = replies[Math.min(seen.length - 1, replies.length - 1)];
			if (reply === 'hang') return;
			if (reply === 'drop') {
				request.socket.destroy();
				return;
			}
			if ('cut' in reply) {
				cut(response, reply.cut);
				return;
			}
			if ('drip' in reply) {
				drip(response, reply.drip, timers);
				return;
			}
			const text =
				Buffer.isBuffer(reply.body) || typeof reply.body === 'string'
					? reply.body
					: JSON.stringify(reply.body ?? {});
			response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
			response.end(text);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		/** Drip answers still being written: a request that gave up must also have closed its connection. */
		dripping: () => timers.size,
		close: () =>
			new Promise<void>((resolve) => {
				timers.forEach(clearInterval);
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function cut(response: ServerResponse, script: { body: Buffer; headers?: Record<string, string> }) {
	response.writeHead(200, { 'content-length': String(script.body.length), ...script.headers });
	response.write(script.body.subarray(0, Math.floor(script.body.length / 2)), () =>
		response.socket?.destroy(),
	);
}

function drip(
	response: ServerResponse,
	script: { everyMs: number; status?: number; headers?: Record<string, string> },
	timers: Set<NodeJS.Timeout>,
) {
	response.writeHead(script.status ?? 200, {
		'content-type': 'application/json',
		...script.headers,
	});
	response.write(' ');
	const timer = setInterval(() => response.write(' '), script.everyMs);
	timers.add(timer);
	response.on('close', () => {
		clearInterval(timer);
		timers.delete(timer);
	});
}
