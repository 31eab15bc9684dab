import { sleep } from 'n8n-workflow';
import type {
	IAllExecuteFunctions,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { connectionError, httpError, redact } from './api-errors';
import type { Service } from './api-errors';

export type { Service } from './api-errors';

/** The credential type each service authenticates with. */
export const CREDENTIAL: Record<Service, string> = {
	unified: 'unifiedGenerationApi',
	compat: 'compatVideoApi',
};

/** Any n8n context that can make authenticated requests (execute, load options, hooks, webhooks). */
export type ApiContext = IAllExecuteFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL, e.g. `/jobs/queryTask` or `/v1/me/balance`. */
	path: string;
	qs?: IDataObject;
	body?: IHttpRequestOptions['body'];
	itemIndex?: number;
	timeoutMs?: number;
}

/** Bounded exponential backoff with full jitter; only ever used for GET requests. */
export interface RetryPolicy {
	attempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8000 };

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

type Outcome = { ok: true; body: unknown } | { ok: false; retryable: boolean; error: Error; waitMs?: number };

/**
 * Sends one request to a service and returns its JSON body.
 * A GET is retried on 429/5xx and on connection errors; anything else (every create) is sent once,
 * because a second attempt after the first may have reached the server could create and bill twice.
 */
export async function apiRequest<T = IDataObject>(
	ctx: ApiContext,
	service: Service,
	request: ApiRequest,
	retry: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
	const credentials = await ctx.getCredentials(CREDENTIAL[service], request.itemIndex);
	const secret = String(credentials.apiKey ?? '');
	const options = requestOptions(String(credentials.baseUrl ?? ''), request);
	const attempts = request.method === 'GET' ? Math.max(1, retry.attempts) : 1;
	for (let attempt = 1; ; attempt++) {
		const outcome = await attemptOnce(ctx, service, options, request.itemIndex, secret);
		if (outcome.ok) return outcome.body as T;
		if (!outcome.retryable || attempt >= attempts) throw outcome.error;
		await sleep(outcome.waitMs ?? backoffMs(attempt, retry));
	}
}

function requestOptions(baseUrl: string, request: ApiRequest): IHttpRequestOptions {
	return {
		method: request.method,
		url: baseUrl.replace(/\/+$/, '') + request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: request.timeoutMs ?? 60_000,
	};
}

async function attemptOnce(
	ctx: ApiContext,
	service: Service,
	options: IHttpRequestOptions,
	itemIndex: number | undefined,
	secret: string,
): Promise<Outcome> {
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL[service],
			options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		const reason = redact(describeFailure(error), secret);
		return { ok: false, retryable: true, error: connectionError(ctx.getNode(), reason, itemIndex) };
	}
	const status = response.statusCode;
	if (status >= 200 && status < 300) return parseBody(ctx, response.body, itemIndex);
	return {
		ok: false,
		retryable: RETRY_STATUSES.has(status),
		error: httpError(ctx.getNode(), service, status, response.body, itemIndex, secret),
		waitMs: retryAfterMs(response.headers),
	};
}

/** A 2xx body that is not JSON is a broken answer: retryable like a 502 for GETs. */
function parseBody(ctx: ApiContext, body: unknown, itemIndex?: number): Outcome {
	if (typeof body !== 'string') return { ok: true, body };
	try {
		return { ok: true, body: body === '' ? {} : JSON.parse(body) };
	} catch {
		const reason = 'The response body is not valid JSON';
		const error = connectionError(ctx.getNode(), reason, itemIndex, 'The service sent an unreadable answer');
		return { ok: false, retryable: true, error };
	}
}

/** Only the error's code and message: the raw error carries the request config (and its headers). */
function describeFailure(error: unknown): string {
	const record = (error ?? {}) as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
	const code = record.code ?? record.cause?.code;
	const message = typeof record.message === 'string' ? record.message : 'connection failed';
	return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}

function retryAfterMs(headers: IN8nHttpFullResponse['headers'] | undefined): number | undefined {
	const value = Number(headers?.['retry-after']);
	return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
}

/** Full jitter: a random wait up to base x 2^(attempt-1), never above the cap. */
export function backoffMs(attempt: number, retry: RetryPolicy): number {
	const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(Math.random() * ceiling);
}
