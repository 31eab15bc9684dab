import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a webhook receives it: the URL, the JSON body (`{}` when empty) and the query. */
export interface JsonRequest {
	url: URL;
	body: unknown;
	query: Record<string, string>;
	headers: Record<string, string>;
}

/** Answers the request with JSON; only the first answer is sent. Returns the status the caller got. */
export type Answer = (status: number, body: unknown) => number;

export interface JsonServer {
	baseUrl: string;
	close(): Promise<void>;
}

/** A local HTTP server on 127.0.0.1 that reads each request's JSON body and hands it to `handle`. */
export async function serveJson(
	handle: (request: JsonRequest, answer: Answer) => void,
): Promise<JsonServer> {
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			let sentStatus = 0;
			const answer: Answer = (status, body) => {
				if (sentStatus) return sentStatus;
				sentStatus = status;
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body ?? {}));
				return sentStatus;
			};
			const text = Buffer.concat(chunks).toString('utf8');
			handle(
				{
					url,
					body: text ? JSON.parse(text) : {},
					query: Object.fromEntries(url.searchParams),
					headers: req.headers as Record<string, string>,
				},
				answer,
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
