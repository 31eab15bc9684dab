import type {
	IAllExecuteFunctions,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cancelSignal, pause } from '../execution/abort';
import {
	connectionError,
	CREDENTIAL_NAME,
	outOfTimeError,
	redact,
	redirectError,
	spentRedirectError,
	stoppedError,
} from '../errors';
import type { Service, Subject } from '../errors';
import { compatBaseUrl, unifiedBaseUrl } from './base-url';
import { failed, judge, noAnswer } from './judge';
import type { Call, Outcome } from './judge';
import { attemptClock, untilAborted } from './limits';
import type { AttemptClock } from './limits';
import { sendFollowing } from './redirects';
import { isPermanentError } from './permanent';
import { forgetKeptCredential, keptCredential } from './webhook-credentials';
import type { WebhookOrigin } from './webhook-credentials';
import type { Send } from './redirects';

export type { Service, Subject } from '../errors';
export { isCancellation, isOutcomeUnknown } from '../errors';

/** The credential type each service authenticates with. */
export const CREDENTIAL: Record<Service, string> = {
	unified: 'unifiedGenerationApi',
	compat: 'compatVideoApi',
};

/**
 * The node's credential for a service. n8n's own refusal names the credential type's id
 * ("credentials set for "compatVideoApi""), which the editor never shows: this one names the
 * credential as the editor does and says where to choose it.
 */
export async function readCredentials(
	ctx: ApiContext,
	service: Service,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	try {
		return await credentialOf(ctx, service, itemIndex);
	} catch (error) {
		throw isMissingCredential(error) ? missingCredentialError(ctx, service, itemIndex) : error;
	}
}

/** The node's credential for a service as n8n gives it; a webhook call's is kept a while (webhook-credentials.ts). */
export function credentialOf(
	ctx: Pick<ApiContext, 'getCredentials'>,
	service: Service,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	return isWebhookCall(ctx)
		? keptCredential(ctx as unknown as WebhookOrigin, CREDENTIAL[service], () =>
				ctx.getCredentials(CREDENTIAL[service]),
			)
		: ctx.getCredentials(CREDENTIAL[service], itemIndex);
}

const isWebhookCall = (ctx: object) =>
	typeof (ctx as { getBodyData?: unknown }).getBodyData === 'function';

/** n8n-core's "Node does not have any credentials set (for "<type>")" and "Credentials not found". */
const isMissingCredential = (error: unknown) =>
	error instanceof Error && /credentials (set|not found)/i.test(error.message);

function missingCredentialError(
	ctx: ApiContext,
	service: Service,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`Choose a ${CREDENTIAL_NAME[service]} on this node`,
		{
			itemIndex,
			description: `This node has no ${CREDENTIAL_NAME[service]} selected. Open the node and choose one in its credential field, or create one there.`,
		},
	);
}

/** The address a service's paths are appended to, from its credential's Base URL (see base-url.ts). */
export function serviceBaseUrl(
	service: Service,
	credentials: ICredentialDataDecryptedObject,
): string {
	return service === 'unified'
		? unifiedBaseUrl(credentials.baseUrl)
		: compatBaseUrl(credentials.baseUrl);
}

/** Any n8n context that can make authenticated requests (execute, load options, hooks, webhooks). */
export type ApiContext = IAllExecuteFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL: one of UNIFIED_PATHS (api/unified.ts) or COMPAT_PATHS (api/compat.ts). */
	path: string;
	qs?: IDataObject;
	body?: IHttpRequestOptions['body'];
	/** Headers of the body, e.g. a multipart upload's Content-Type and Content-Length. */
	headers?: Record<string, string>;
	itemIndex?: number;
	/** Total time of one attempt: connecting, the headers and the whole body (default 60 s). */
	timeoutMs?: number;
	/** Epoch ms: no attempt starts after it or runs past it, and no retry waits past it. */
	deadline?: number;
	/** The task, asset or order the request names by id; none: a 404 means the Base URL is wrong. */
	subject?: Subject;
}

/** Bounded exponential backoff with full jitter; only ever used for GET requests. */
interface RetryPolicy {
	attempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8000 };

/** A request on its way: the context and request it came from, and its cancel signal. */
interface Exchange extends Call {
	ctx: ApiContext;
	request: ApiRequest;
	cancel?: AbortSignal;
	/** The credential as read once for this request: its URL, its key for redaction, and the authentication. */
	credentials: ICredentialDataDecryptedObject;
}

/**
 * Sends one request to a service and returns its JSON body, with the key redacted from it.
 * A GET is retried on 429/5xx, on connection errors and on unreadable answers; anything else
 * (every create) is sent once, and an error says whether it may have been carried out.
 */
export async function apiRequest<T = IDataObject>(
	ctx: ApiContext,
	service: Service,
	request: ApiRequest,
	retry: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
	const call = await prepare(ctx, service, request);
	const answer = exchange<T>(call, retry);
	// refused (a key rotated, a Base URL changed since): the next callback asks n8n again; a slow
	// or busy service is no reason to, each ask costs n8n a sandbox when it is busiest
	if (isWebhookCall(ctx))
		answer.catch((error: Error) => {
			if (isPermanentError(error))
				forgetKeptCredential(ctx as unknown as WebhookOrigin, CREDENTIAL[service]);
		});
	return await answer;
}

async function exchange<T>(call: Exchange, retry: RetryPolicy): Promise<T> {
	const { request } = call;
	const deadline = request.deadline ?? Infinity;
	const attempts = call.idempotent ? Math.max(1, retry.attempts) : 1;
	let last: Error | undefined;
	for (let attempt = 1; ; attempt++) {
		if (call.cancel?.aborted) throw stoppedError(call.node, request.itemIndex, false);
		if (Date.now() >= deadline) throw last ?? outOfTimeError(call.node, request.itemIndex);
		const outcome = await attemptOnce(call, deadline);
		if (outcome.ok) return outcome.body as T;
		last = outcome.error;
		const waitMs = outcome.waitMs ?? backoffMs(attempt, retry);
		if (!outcome.retryable || attempt >= attempts || Date.now() + waitMs >= deadline)
			throw outcome.error;
		await pause(call.ctx, waitMs, deadline);
	}
}

async function prepare(ctx: ApiContext, service: Service, request: ApiRequest): Promise<Exchange> {
	const credentials = await readCredentials(ctx, service, request.itemIndex);
	const secret = String(credentials.apiKey ?? '');
	const url = serviceBaseUrl(service, credentials) + request.path;
	try {
		new URL(url);
	} catch {
		const reason = redact(`"${url}" is not a valid URL. Nothing was sent`, secret);
		throw connectionError(
			ctx.getNode(),
			reason,
			request.itemIndex,
			`The Base URL in the ${CREDENTIAL_NAME[service]} is not valid`,
			service,
		);
	}
	const cancel = cancelSignal(ctx as Partial<IExecuteFunctions>);
	const { itemIndex } = request;
	const idempotent = request.method === 'GET';
	return {
		ctx,
		node: ctx.getNode(),
		service,
		request,
		itemIndex,
		secret,
		url,
		cancel,
		credentials,
		idempotent,
		subject: request.subject,
	};
}

async function attemptOnce(call: Exchange, deadline: number): Promise<Outcome> {
	const clock = attemptClock(call.cancel, call.request.timeoutMs, deadline);
	try {
		const answer = await untilAborted(
			sendFollowing(sender(call, clock), requestOptions(call, clock)),
			clock.signal,
		);
		if (answer.spent)
			return failed(spentRedirectError(call.node, answer.response.statusCode, call.itemIndex));
		if (!answer.elsewhere) return judge(call, answer.response);
		return failed(
			redirectError(
				call.node,
				redact(answer.elsewhere, call.secret),
				!call.idempotent,
				call.itemIndex,
			),
		);
	} catch (error) {
		return noAnswer(call, clock, error);
	}
}

function requestOptions({ request, url }: Exchange, clock: AttemptClock): IHttpRequestOptions {
	return {
		method: request.method,
		url,
		qs: request.qs,
		body: request.body,
		...(request.headers ? { headers: { ...request.headers } } : {}),
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: clock.limitMs,
		// Redirects are followed by sendFollowing, within the origin only; the flag is for n8n versions that honour it.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
}

/**
 * n8n's authenticated helper overwrites `abortSignal` with the execution's cancel signal, which
 * would drop the time limit; the attempt's signal already includes the cancel signal, so it is pinned.
 * The credential already read is handed over: the helper would otherwise read and decrypt it from
 * n8n's database again for every request (a batch's creates are bound by that CPU time), and the
 * key that authenticates is then the one whose URL and redaction this request uses.
 */
function sender(call: Exchange, clock: AttemptClock): Send {
	const type = CREDENTIAL[call.service];
	const credentialsDecrypted = { id: '', name: type, type, data: call.credentials };
	return async (options) => {
		const pinned = { ...options };
		Object.defineProperty(pinned, 'abortSignal', {
			get: () => clock.signal,
			set: () => {},
			enumerable: true,
		});
		const helper = call.ctx.helpers.httpRequestWithAuthentication;
		return (await helper.call(call.ctx, type, pinned, {
			credentialsDecrypted,
		})) as IN8nHttpFullResponse;
	};
}

/** Full jitter: a random wait up to base x 2^(attempt-1), never above the cap. */
function backoffMs(attempt: number, retry: RetryPolicy): number {
	const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(Math.random() * ceiling);
}
