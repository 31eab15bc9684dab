import type { BodyStream } from './media-check';

/** The Node.js Readable class (the `stream` module may not be imported by a community node). */
type ReadableClass = {
	from(source: AsyncIterable<Buffer>, options?: { objectMode: boolean }): BodyStream;
};

/**
 * The Readable class of a stream n8n gave us, found along its prototype chain: a body may be a
 * plain Readable (n8n 2.x), a raw http.IncomingMessage (n8n 1.x) or a decompressing Transform,
 * whose own `from` (Duplex.from) makes something else.
 */
export function readableClassOf(stream: object): ReadableClass {
	for (
		let proto: unknown = Object.getPrototypeOf(stream);
		proto;
		proto = Object.getPrototypeOf(proto)
	) {
		const constructor = (proto as { constructor?: ReadableClass & { name?: string } }).constructor;
		if (constructor?.name === 'Readable') return constructor;
	}
	throw new TypeError('The response body is not a readable stream');
}

/** A body that delivered fewer bytes than its Content-Length announced (or none). */
class CutShortError extends Error {
	constructor(received: number, announced: number, why?: string) {
		super(
			`the file host sent only ${received} of the ${announced} bytes it announced${why ? ` (${why})` : ''}, so no file was stored`,
		);
	}
}

/** A response body as its first bytes, for a look at what it is, and a new stream of every byte. */
interface OpenedBody {
	head: Buffer;
	/** Every byte of the body, the head included; it fails when fewer bytes than announced arrive. */
	whole: BodyStream;
	/** True once `whole` delivered its last byte and the count was right. */
	complete(): boolean;
}

/**
 * Reads the first chunk of a body and hands on a new stream of the whole body. It works on any
 * Readable: it only iterates (no 'readable' events, read() or unshift(), which end a raw
 * IncomingMessage of n8n 1.x so that nothing is stored). Every byte is counted: a body that ends
 * or breaks before its Content-Length makes `whole` fail, whatever the n8n version and binary mode.
 */
export async function openBody(
	body: BodyStream,
	announced: number | undefined,
): Promise<OpenedBody> {
	const chunks = body[Symbol.asyncIterator]();
	let received = 0;
	// A body that breaks before its announced end says how much of it came.
	const broken = (error: Error) =>
		announced === undefined || received >= announced
			? error
			: new CutShortError(received, announced, error.message);
	const next = async () => {
		const step = await chunks.next().catch((error: Error) => {
			throw broken(error);
		});
		if (!step.done) received += step.value.length;
		return step;
	};
	const first = await next();
	const head = first.done ? Buffer.alloc(0) : first.value;
	let finished = false;
	async function* rest(): AsyncGenerator<Buffer> {
		let ended = false;
		try {
			if (head.length) yield head;
			for (let step = await next(); !step.done; step = await next()) yield step.value;
			ended = true;
		} finally {
			// Stopped early by the consumer: the source is closed too.
			if (!ended) await chunks.return?.();
		}
		if (announced !== undefined && received < announced)
			throw new CutShortError(received, announced);
		finished = true;
	}
	if (head.length === 0 && announced) throw new CutShortError(0, announced);
	return {
		head,
		whole: readableClassOf(body).from(rest(), { objectMode: false }),
		complete: () => finished,
	};
}

/** A Content-Length header as a number of bytes, or undefined when absent or unreadable. */
export function contentLength(value: unknown): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	return typeof text === 'string' && /^\d+$/.test(text.trim()) ? Number(text) : undefined;
}
