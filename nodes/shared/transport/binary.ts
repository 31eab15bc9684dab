import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { cancelSignal } from '../execution/abort';
import { outOfTimeError, stoppedError } from '../errors';
import type { Service } from '../errors';
import { contentLength, openBody } from './body';
import { describeFailure, timedOutCode } from './failure';
import { attemptClock, seconds, untilAborted } from './limits';
import type { AttemptClock } from './limits';
import { notMedia } from './media-check';
import type { BodyStream, Expected } from './media-check';
import { credentialOrigin } from './own-origin';
import { getFollowingChecked, streamGet } from './redirects';
import { fetchRefusalResolved, resolverOf } from './resolve-check';
import { mimeTypeOfFileName } from '../media/formats';

/** Total time of a download when the caller gives neither a timeout nor a deadline. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export interface DownloadOptions {
	/** Whose credential's origin is home: the service serves its own files there (the emulator on 127.0.0.1). */
	service: Service;
	/** Private, loopback and plain-http hosts too (a self-hosted file host); off by default. */
	allowPrivateHosts?: boolean;
	/** Epoch ms by which the whole download (headers and body) ends. */
	deadline?: number;
	/** Total time of the download (default 10 minutes). */
	timeoutMs?: number;
	/** The kind of file the URL must deliver; a web page or JSON fails for every kind. */
	expect?: Expected;
}

/**
 * What a download reads of its n8n context: the node (for errors), the credential (whose origin
 * is home), and the helpers that fetch and store a file. An execute and a webhook context both
 * have them, so a callback settles its task with its own context.
 */
export type DownloadContext = Pick<IExecuteFunctions, 'getNode' | 'getCredentials'> & {
	helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest' | 'prepareBinaryData'>;
};

/**
 * A bare file name: n8n's prepareBinaryData splits the name it is given into a directory and a
 * file name, so a decoded `%2F..%2F` must not reach it. No separators, no `..`, no control characters.
 */
export function safeFileName(name: string, fallback: string): string {
	const base = (name.split(/[\\/]/).pop() ?? '')
		.split('')
		.filter((char) => char.charCodeAt(0) > 31 && char !== '\u007f');
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

function mimeTypeFor(fileName: string, contentType?: string): string {
	const declared = contentType?.split(';')[0].trim().toLowerCase();
	if (declared && declared !== 'application/octet-stream') return declared;
	return mimeTypeOfFileName(fileName);
}

/**
 * Downloads a result file into n8n binary data as a stream, so a large video is never held in
 * memory as a whole. Result URLs are public files, fetched without the credential (the key never
 * goes to a file host), and only from public https addresses or the credential's own origin,
 * each redirect hop judged again, a name by the addresses it resolves to (docs/architecture.md,
 * Promises: Downloads from where results live); any other address is refused before a request is
 * made. A file is stored whole or not at all: a body shorter than its Content-Length fails. The
 * whole download is bounded by the timeout, the deadline and the Stop button.
 */
export async function downloadToBinary(
	ctx: DownloadContext,
	url: string,
	fallbackName: string,
	options: DownloadOptions,
): Promise<IBinaryData> {
	const node = ctx.getNode();
	const own = await credentialOrigin(ctx, options.service);
	const allowPrivate = options.allowPrivateHosts === true;
	const resolve = resolverOf(ctx);
	const fetchable = async (next: string) =>
		await fetchRefusalResolved(next, own, allowPrivate, resolve);
	const refused = await fetchable(url);
	if (refused)
		throw new NodeOperationError(node, `The result URL was not fetched: ${refused}`, {
			description: HOSTS_HINT,
		});
	const cancel = cancelSignal(ctx);
	if (cancel?.aborted) throw stoppedError(node, undefined, false);
	const deadline = options.deadline ?? Infinity;
	if (Date.now() >= deadline) throw outOfTimeError(node);
	const clock = attemptClock(cancel, options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS, deadline);
	try {
		return await untilAborted(
			fetchInto(ctx, { url, fallbackName, expect: options.expect ?? 'any', fetchable }, clock),
			clock.signal,
		);
	} catch (error) {
		throw downloadError(node, error, clock);
	}
}

const HOSTS_HINT =
	"Result files are downloaded only from public https addresses and from the credential's own Base URL (scheme, host and port). " +
	'For a file host in your own network, turn on Allow Private File Hosts.';

interface Wanted {
	url: string;
	fallbackName: string;
	expect: Expected;
	fetchable: (url: string) => Promise<string | undefined>;
}

async function fetchInto(
	ctx: DownloadContext,
	wanted: Wanted,
	clock: AttemptClock,
): Promise<IBinaryData> {
	// the file as stored, so that its Content-Length is the number of bytes to expect
	const get = streamGet(ctx, clock, { 'accept-encoding': 'identity' });
	const answer = await getFollowingChecked(get, wanted.url, wanted.fetchable);
	if ('refused' in answer)
		throw new NodeOperationError(
			ctx.getNode(),
			`The result file was not fetched: ${answer.refused}`,
			{ description: HOSTS_HINT },
		);
	const { response } = answer;
	const body = response.body as BodyStream;
	const stop = () => body.destroy(new Error('aborted'));
	clock.signal.addEventListener('abort', stop, { once: true });
	if (clock.signal.aborted) stop();
	try {
		return await store(ctx, response, wanted);
	} finally {
		clock.signal.removeEventListener('abort', stop);
		if (!body.readableEnded) body.destroy();
	}
}

/** Checks the answer and streams its body into binary data; the file is stored whole or the item fails. */
async function store(
	ctx: DownloadContext,
	response: IN8nHttpFullResponse,
	wanted: Wanted,
): Promise<IBinaryData> {
	const status = response.statusCode;
	if (status < 200 || status >= 300)
		throw new NodeOperationError(ctx.getNode(), `The file host answered HTTP ${status}`);
	const contentType = headerOf(response, 'content-type');
	const opened = await openBody(
		response.body as BodyStream,
		contentLength(response.headers?.['content-length']),
	);
	checkMedia(ctx.getNode(), contentType, opened.head, wanted.expect);
	const fileName = fileNameFromUrl(wanted.url, wanted.fallbackName);
	const stored = await ctx.helpers.prepareBinaryData(
		opened.whole,
		fileName,
		mimeTypeFor(fileName, contentType),
	);
	// n8n's binary store must have read the body to its end: anything less is a cut file.
	if (!opened.complete())
		throw new NodeOperationError(
			ctx.getNode(),
			'The download failed: the file was not stored whole',
		);
	return stored;
}

const headerOf = (response: IN8nHttpFullResponse, name: string) => {
	const value = response.headers?.[name];
	return typeof value === 'string' ? value : undefined;
};

const EXPECTED: Record<Expected, string> = {
	any: 'a media',
	video: 'a video',
	image: 'an image',
	audio: 'an audio',
};

function checkMedia(node: INode, contentType: string | undefined, head: Buffer, expect: Expected) {
	const wrong = notMedia(contentType, head, expect);
	if (wrong)
		throw new NodeOperationError(
			node,
			`The file host sent ${wrong} instead of ${EXPECTED[expect]} file`,
		);
}

function downloadError(node: INode, error: unknown, clock: AttemptClock): Error {
	if (clock.stopped()) return stoppedError(node, undefined, 'get');
	if (clock.timedOut() || timedOutCode(error))
		return new NodeOperationError(
			node,
			`The download did not finish within ${seconds(clock.limitMs)}`,
		);
	if (error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, `The download failed: ${describeFailure(error)}`);
}
