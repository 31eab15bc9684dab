import { randomBytes } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { cancelSignal } from './abort';
import { describeFailure, timedOutCode } from './http/failure';
import { attemptClock, seconds, untilAborted } from './http/limits';
import type { AttemptClock } from './http/limits';
import { notMedia, peek } from './http/media-check';
import type { BodyStream, Expected } from './http/media-check';
import { outOfTimeError, stoppedError } from './http/outcome';

/** MIME types of the files the services deliver, for hosts that send no usable Content-Type. */
const MIME_BY_EXTENSION: Record<string, string> = {
	mp4: 'video/mp4',
	mov: 'video/quicktime',
	webm: 'video/webm',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	webp: 'image/webp',
	gif: 'image/gif',
	wav: 'audio/wav',
	mp3: 'audio/mpeg',
};

/** Total time of a download when the caller gives neither a timeout nor a deadline. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export interface DownloadOptions {
	/** Epoch ms by which the whole download (headers and body) ends. */
	deadline?: number;
	/** Total time of the download (default 10 minutes). */
	timeoutMs?: number;
	/** The kind of file the URL must deliver; a web page or JSON fails for every kind. */
	expect?: Expected;
}

/**
 * A bare file name: n8n's prepareBinaryData splits the name it is given into a directory and a
 * file name, so a decoded `%2F..%2F` must not reach it. No separators, no `..`, no control characters.
 */
export function safeFileName(name: string, fallback: string): string {
	const base = (name.split(/[\\/]/).pop() ?? '').split('').filter((char) => char.charCodeAt(0) > 31 && char !== '\u007f');
	const clean = base.join('').trim();
	return clean && clean !== '.' && clean !== '..' ? clean : fallback;
}

export function fileNameFromUrl(url: string, fallback: string): string {
	const safeFallback = safeFileName(fallback, 'download');
	try {
		const last = new URL(url).pathname.split('/').filter(Boolean).pop();
		const name = last ? safeFileName(decodeURIComponent(last), '') : '';
		return /\.[a-z0-9]+$/i.test(name) ? name : safeFallback;
	} catch {
		return safeFallback;
	}
}

export function mimeTypeFor(fileName: string, contentType?: string): string {
	const declared = contentType?.split(';')[0].trim().toLowerCase();
	if (declared && declared !== 'application/octet-stream') return declared;
	const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
	return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/**
 * Downloads a result file into n8n binary data as a stream, so a large video is never held in
 * memory as a whole. Result URLs are public files, fetched without the credential (the key never
 * goes to a file host). The whole download is bounded by the timeout, the deadline and the Stop button.
 */
export async function downloadToBinary(
	ctx: IExecuteFunctions,
	url: string,
	fallbackName: string,
	options: DownloadOptions = {},
): Promise<IBinaryData> {
	const node = ctx.getNode();
	if (!/^https?:$/.test(protocolOf(url))) {
		throw new NodeOperationError(node, 'The result URL was not fetched: only http and https URLs are downloaded');
	}
	const cancel = cancelSignal(ctx);
	if (cancel?.aborted) throw stoppedError(node, undefined, false);
	const deadline = options.deadline ?? Infinity;
	if (Date.now() >= deadline) throw outOfTimeError(node);
	const clock = attemptClock(cancel, options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS, deadline);
	try {
		return await untilAborted(fetchInto(ctx, url, fallbackName, options.expect ?? 'any', clock), clock.signal);
	} catch (error) {
		throw downloadError(node, error, clock);
	}
}

function protocolOf(url: string): string {
	try {
		return new URL(url).protocol;
	} catch {
		return '';
	}
}

async function fetchInto(ctx: IExecuteFunctions, url: string, fallbackName: string, expect: Expected, clock: AttemptClock) {
	const response = (await ctx.helpers.httpRequest({
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: clock.limitMs,
		abortSignal: clock.signal,
	})) as IN8nHttpFullResponse;
	const body = response.body as BodyStream;
	const stop = () => body.destroy(new Error('aborted'));
	clock.signal.addEventListener('abort', stop, { once: true });
	if (clock.signal.aborted) stop();
	try {
		const status = response.statusCode;
		if (status < 200 || status >= 300) throw new NodeOperationError(ctx.getNode(), `The file host answered HTTP ${status}`);
		const contentType = headerOf(response, 'content-type');
		checkMedia(ctx.getNode(), contentType, await peek(body), expect);
		const fileName = fileNameFromUrl(url, fallbackName);
		return await ctx.helpers.prepareBinaryData(body, fileName, mimeTypeFor(fileName, contentType));
	} finally {
		clock.signal.removeEventListener('abort', stop);
		if (!body.readableEnded) body.destroy();
	}
}

const headerOf = (response: IN8nHttpFullResponse, name: string) => {
	const value = response.headers?.[name];
	return typeof value === 'string' ? value : undefined;
};

const EXPECTED: Record<Expected, string> = { any: 'a media', video: 'a video', image: 'an image', audio: 'an audio' };

function checkMedia(node: INode, contentType: string | undefined, head: Buffer, expect: Expected) {
	const wrong = notMedia(contentType, head, expect);
	if (wrong) throw new NodeOperationError(node, `The file host sent ${wrong} instead of ${EXPECTED[expect]} file`);
}

function downloadError(node: INode, error: unknown, clock: AttemptClock): Error {
	if (clock.stopped()) return stoppedError(node, undefined, 'get');
	if (clock.timedOut() || timedOutCode(error)) return new NodeOperationError(node, `The download did not finish within ${seconds(clock.limitMs)}`);
	if (error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, `The download failed: ${describeFailure(error)}`);
}

/** What the node knows of a binary property before reading it: name, MIME type and size. */
export interface BinaryFileInfo {
	fileName: string;
	mimeType: string;
	bytes: number;
}

/** Reads the metadata of an item's binary property; throws the user's fix when it is missing. */
export async function binaryFileInfo(ctx: IExecuteFunctions, itemIndex: number, propertyName: string): Promise<BinaryFileInfo> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const fallback = safeFileName(binary.fileName ?? '', propertyName);
	if (!binary.id) {
		return { fileName: fallback, mimeType: binary.mimeType, bytes: Buffer.byteLength(binary.data, 'base64') };
	}
	const meta = await ctx.helpers.getBinaryMetadata(binary.id);
	return { fileName: fallback, mimeType: binary.mimeType ?? meta.mimeType ?? 'application/octet-stream', bytes: meta.fileSize };
}

type FileStream = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;
/** The Node.js Readable class, reached through a stream n8n gives us (the `stream` module may not be imported). */
type ReadableClass = { from(source: AsyncIterable<Buffer>, options?: { objectMode: boolean }): FileStream };

/**
 * A multipart/form-data body made of text fields and one file from n8n binary data. With n8n's
 * filesystem or database binary mode the file is streamed from the store, never read whole into
 * memory; in n8n's in-memory mode the file is already in memory and is sent from there. The body
 * carries its headers the way n8n's request helper takes them from a form-data object
 * (getHeaders), so the Content-Type names the boundary and the Content-Length is exact.
 */
export async function multipartFromBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	fields: Record<string, string>,
): Promise<object> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const info = await binaryFileInfo(ctx, itemIndex, propertyName);
	const boundary = `----n8n-upload-${randomBytes(12).toString('hex')}`;
	const head = Buffer.from(
		Object.entries(fields).map(([name, value]) => `--${boundary}\r\n${disposition(name)}\r\n\r\n${value}\r\n`).join('') +
			`--${boundary}\r\n${disposition('file', info.fileName)}\r\nContent-Type: ${info.mimeType}\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	const headers = {
		'content-type': `multipart/form-data; boundary=${boundary}`,
		'content-length': String(head.length + info.bytes + tail.length),
	};
	const formLike = { getHeaders: () => headers, append: () => undefined };
	if (!binary.id) return Object.assign(Buffer.concat([head, Buffer.from(binary.data, 'base64'), tail]), formLike);
	const file = await ctx.helpers.getBinaryStream(binary.id);
	const Readable = file.constructor as unknown as ReadableClass;
	return Object.assign(Readable.from(framed(head, file, tail), { objectMode: false }), formLike);
}

async function* framed(head: Buffer, file: AsyncIterable<Buffer>, tail: Buffer): AsyncIterable<Buffer> {
	yield head;
	yield* file;
	yield tail;
}

/** A Content-Disposition line; quotes and line breaks cannot break out of the file name. */
function disposition(name: string, fileName?: string): string {
	const file = fileName === undefined ? '' : `; filename="${fileName.replace(/["\r\n\\]/g, '_')}"`;
	return `Content-Disposition: form-data; name="${name}"${file}`;
}
