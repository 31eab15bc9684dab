import { createServer } from 'http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import type { Socket } from 'net';

/** How the fake service answers one request. */
export type Behaviour =
	| { status: number; body?: unknown; headers?: Record<string, string> }
	/** Reads the whole request, then drops the connection without an answer. */
	| 'reset'
	/** Reads the request and never answers. */
	| 'hang'
	/** Answers 200 with a JSON body sent one byte every `everyMs`. */
	| { drip: string; everyMs: number };

export interface Received {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: string;
	at: number;
}

export type Handler = (request: Received, count: number) => Behaviour;

/**
 * A real HTTP server on 127.0.0.1 that plays a hostile or broken service: each request is
 * answered as `handler` says (given the request and how many came to the same path before).
 */
export async function fakeService(handler: Handler) {
	const received: Received[] = [];
	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	const server = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk) => (body += chunk));
		request.on('end', () => {
			const url = new URL(request.url ?? '/', 'http://fake');
			const seen: Received = {
				method: request.method ?? '',
				path: url.pathname,
				query: url.searchParams,
				headers: request.headers,
				body,
				at: Date.now(),
			};
			const count = received.filter((entry) => entry.path === seen.path).length;
			received.push(seen);
			answer(handler(seen, count), request, response, timers);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		received,
		count: (path: string) => received.filter((entry) => entry.path.endsWith(path)).length,
		close: async () => {
			for (const timer of timers) clearInterval(timer);
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

function answer(
	behaviour: Behaviour,
	request: IncomingMessage,
	response: ServerResponse,
	timers: Set<NodeJS.Timeout>,
): void {
	if (behaviour === 'reset') {
		request.socket.destroy();
		return;
	}
	if (behaviour === 'hang') return;
	if ('drip' in behaviour) {
		drip(behaviour, response, timers);
		return;
	}
	const text =
		typeof behaviour.body === 'string' ? behaviour.body : JSON.stringify(behaviour.body ?? {});
	response.writeHead(behaviour.status, {
		'content-type': 'application/json',
		...behaviour.headers,
	});
	response.end(text);
}

function drip(
	{ drip: text, everyMs }: { drip: string; everyMs: number },
	response: ServerResponse,
	timers: Set<NodeJS.Timeout>,
) {
	response.writeHead(200, {
		'content-type': 'application/json',
		'content-length': String(Buffer.byteLength(text)),
	});
	let sent = 0;
	const timer = setInterval(() => {
		if (sent >= text.length || response.destroyed) {
			clearInterval(timer);
			response.end();
			return;
		}
		response.write(text[sent++]);
	}, everyMs);
	timers.add(timer);
}

/** The unified service's happy answers, for the paths a fault does not target. */
export function healthy(request: Received, count: number): Behaviour {
	if (request.path.endsWith('/jobs/createTask'))
		return { status: 200, body: { taskId: `task-${count}`, orderId: `order-${count}` } };
	if (request.path.endsWith('/jobs/queryTask')) {
		const taskId = request.query.get('taskId') ?? '';
		return {
			status: 200,
			body: {
				taskId,
				orderId: 'o',
				model: 'sd2',
				status: 'COMPLETED',
				creditsUsed: 200,
				output: [],
				error: null,
			},
		};
	}
	return { status: 404, body: { message: 'no such path' } };
}
