import { createServer } from 'http';
import type { IncomingHttpHeaders, Server } from 'http';
import type { AddressInfo } from 'net';

/** One scripted answer: a status and a body, or a connection dropped without an answer. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop';

export interface Seen {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
}

/**
 * A real HTTP server on 127.0.0.1 that answers each request with the next scripted reply
 * (the last one repeats) and records what it received.
 */
export async function scriptedServer(replies: Reply[]) {
	const seen: Seen[] = [];
	const server: Server = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk) => (body += chunk));
		request.on('end', () => {
			seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
			const reply = replies[Math.min(seen.length - 1, replies.length - 1)];
			if (reply === 'drop') {
				request.socket.destroy();
				return;
			}
			const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
			response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
			response.end(text);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
