import type { IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import type { AttemptClock } from './limits';

/** Redirect hops followed within one attempt; a longer chain is answered as the 3xx it is. */
const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type Send = (options: IHttpRequestOptions) => Promise<IN8nHttpFullResponse>;

/**
 * The last answer; or the origin a redirect pointed to when that was not the request's own; or
 * `spent` when the redirect would repeat a body that was a stream, read once by the first send.
 */
export interface Answer {
	response: IN8nHttpFullResponse;
	elsewhere?: string;
	spent?: boolean;
}

/**
 * Sends with redirects switched off in n8n and follows them here, within the request's origin only.
 * A redirect to another origin is not followed at all, not even without the key: an API call has
 * no business there, and its answer would be taken for the service's (docs/architecture.md, Promises: The key stays home).
 * n8n-core 2.40 keeps the Authorization header on a redirect to another port of the same host.
 */
export async function sendFollowing(send: Send, first: IHttpRequestOptions): Promise<Answer> {
	const origin = new URL(first.url).origin;
	let options = first;
	for (let hop = 0; ; hop++) {
		const response = await send(options);
		const target = redirectTarget(response, options.url);
		if (!target) return { response };
		if (new URL(target).origin !== origin) return { response, elsewhere: new URL(target).origin };
		if (hop >= MAX_REDIRECTS) return { response };
		options = nextHop(options, response.statusCode, target);
		// resent, a spent stream would be an empty body under the old Content-Length: a hung request
		if (options.body === first.body && isStream(first.body)) return { response, spent: true };
	}
}

/** The last answer of a GET whose redirects were followed, or why a hop was not asked. */
type CheckedAnswer = { response: IN8nHttpFullResponse } | { refused: string };

/**
 * A GET of a file as a stream, redirects left to getFollowingChecked, bounded by the attempt's
 * clock; every status is answered (the caller judges it). Used for downloads and header reads.
 */
export function streamGet(
	ctx: { helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'> },
	clock: AttemptClock,
	headers: Record<string, string>,
) {
	return async (url: string) =>
		(await ctx.helpers.httpRequest({
			method: 'GET',
			url,
			headers,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: clock.limitMs,
			abortSignal: clock.signal,
		})) as IN8nHttpFullResponse;
}

/**
 * Follows a GET's redirects here (the request is sent with redirects off), to any origin, but
 * each new address is judged by `refusal` (where its name resolves too) before it is asked: a
 * file host may send a download on to a CDN, never to an address the first one could not have been.
 */
export async function getFollowingChecked(
	get: (url: string) => Promise<IN8nHttpFullResponse>,
	first: string,
	refusal: (url: string) => Promise<string | undefined>,
): Promise<CheckedAnswer> {
	let url = first;
	for (let hop = 0; ; hop++) {
		const response = await get(url);
		const target = redirectTarget(response, url);
		if (!target) return { response };
		(response.body as { destroy?: () => void } | undefined)?.destroy?.();
		if (hop >= MAX_REDIRECTS)
			return { refused: `a redirect was not followed: more than ${MAX_REDIRECTS} redirects` };
		const refused = await refusal(target);
		if (refused) return { refused: `a redirect was not followed: ${refused}` };
		url = target;
	}
}

function isStream(body: unknown): boolean {
	return typeof (body as { pipe?: unknown } | undefined)?.pipe === 'function';
}

function redirectTarget(response: IN8nHttpFullResponse, from: string): string | undefined {
	const location = response.headers?.location;
	if (!REDIRECTS.has(response.statusCode) || typeof location !== 'string') return undefined;
	try {
		return new URL(location, from).href;
	} catch {
		return undefined;
	}
}

/** As browsers and n8n do: 307/308 repeat the request; 303, and 301/302 after a POST, become a GET. */
function nextHop(options: IHttpRequestOptions, status: number, url: string): IHttpRequestOptions {
	const method = options.method ?? 'GET';
	const toGet =
		(status === 303 && method !== 'HEAD') ||
		((status === 301 || status === 302) && method === 'POST');
	return { ...options, url, qs: undefined, ...(toGet ? { method: 'GET', body: undefined } : {}) };
}
