import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { faultyField, quote, readErrorBody } from './error-body';
import type { ErrorBody } from './error-body';
import { fieldLine } from './field-labels';
import { unconfirmedError } from './outcome';

export type Service = 'unified' | 'compat';

/** How the editor names each service's credential: messages use it, never the type id. */
export const CREDENTIAL_NAME: Record<Service, string> = {
	unified: 'Unified Generation API credential',
	compat: 'Task-Compatible Video API credential',
};

/** What the Base URL of each credential must be (see base-url.ts for what is added to it). */
const BASE_URL_RULE: Record<Service, string> = {
	unified: "the service's address, ending in /api/v1 (or just its host and port)",
	compat: "the service's root address, with or without /v1",
};

/**
 * The one thing a request names by id that the user typed or passed along (a task, an asset, an
 * order). A request without one names nothing the user could have mistyped: when it is not found,
 * the address is wrong.
 */
export interface Subject {
	kind: 'task' | 'asset' | 'asset group' | 'order';
	id: string;
}

const checkBaseUrl = (service: Service) =>
	`check the Base URL in the ${CREDENTIAL_NAME[service]}: ${BASE_URL_RULE[service]}`;

/**
 * What a user should do about each status, in the words of the Unified Generation API, § Errors >
 * HTTP status codes, for the request that got it: a 404 on a create (no id in it) means the Base
 * URL is wrong, on a task query the task id.
 */
function action(service: Service, status: number, subject?: Subject): string | undefined {
	const named = subject && `${subject.kind} "${subject.id}"`;
	switch (status) {
		case 401:
			return `Authorization failed (HTTP 401): check the API key in the ${CREDENTIAL_NAME[service]}`;
		case 403:
			return named
				? `Access denied (HTTP 403): ${named} belongs to another account. Use a ${subject!.kind} id of the account whose API key is in the ${CREDENTIAL_NAME[service]}`
				: `Access denied (HTTP 403): the request names a task or asset of another account. Use ids of the account whose API key is in the ${CREDENTIAL_NAME[service]}`;
		case 404:
			return named
				? `Not found (HTTP 404): no ${named} for this account: check the ${subject!.kind} id`
				: `Not found (HTTP 404): the service has no such address: ${checkBaseUrl(service)}`;
		case 429:
			return 'Too many requests: the service is rate limiting, retry later or lower the batch concurrency';
		default:
			return status >= 500
				? 'The service had an internal error: retry after a few seconds'
				: undefined;
	}
}

const PAYMENT: Record<Service, string> = {
	unified:
		'Insufficient credits, nothing was created: top up or enable automatic top-up, then retry',
	compat:
		'Insufficient balance, nothing was created: the service needs a balance of at least 100 to submit a task. Top up, then retry',
};

function headline(service: Service, status: number, body: ErrorBody, subject?: Subject): string {
	if (status === 400) {
		const what = body.message ?? 'invalid parameters';
		return body.code ? `${body.code}: ${what}` : `Invalid parameters: ${what}`;
	}
	if (status === 402) return PAYMENT[service];
	return action(service, status, subject) ?? `The service answered HTTP ${status}`;
}

/**
 * An asset still in review is refused like a missing one (Unified Generation API, Asset status:
 * PROCESSING is "not yet usable in tasks"; the Task-Compatible Video API's assets are usable once
 * Active): say how to wait for the review instead of "fix the request".
 */
const IN_REVIEW: Record<Service, string> = {
	unified:
		"The asset is still in review: it can be used once it is ACTIVE. Turn on Upload Asset's Wait for Review, or put Upload Asset → Wait for Review before this node, then run it again.",
	compat:
		'The asset is still in review: it can be used once it is Active. Put Compat Task → Asset → Wait for Review before this node, then run it again.',
};

/** "asset://a1 is PROCESSING", "Asset 7 is Processing": the status word, not any "processing". */
const stillInReview = ({ message = '' }: ErrorBody) =>
	/asset/i.test(message) && /\bis processing\b/i.test(message);

function refusalFix(service: Service, body: ErrorBody): string {
	return stillInReview(body) ? IN_REVIEW[service] : 'Fix the request and run the node again.';
}

function details(
	node: INode,
	service: Service,
	status: number,
	body: ErrorBody,
	subject?: Subject,
): string | undefined {
	const path = faultyField(body);
	const named = path && fieldLine(node, path);
	if (status === 400) return `${named ? `${named}. ` : ''}${refusalFix(service, body)}`;
	const said = body.message ? quote(body.message) : undefined;
	// An id that is right still gets 404 when every request goes to the wrong address.
	const address =
		status === 404 && subject
			? `If every request answers 404, ${checkBaseUrl(service)}.`
			: undefined;
	const parts = [said, named, address].filter(Boolean);
	return parts.length > 0 ? parts.join('. ') : undefined;
}

/** Turns a non-2xx answer into an error that says what to fix. */
export function httpError(
	node: INode,
	service: Service,
	status: number,
	rawBody: unknown,
	itemIndex?: number,
	secret = '',
	subject?: Subject,
): NodeApiError {
	const body = redact(readErrorBody(rawBody), secret);
	const response: JsonObject = { status, ...(body as JsonObject) };
	return new NodeApiError(node, response, {
		message: headline(service, status, body, subject),
		description: details(node, service, status, body, subject),
		httpCode: String(status),
		itemIndex,
	});
}

/**
 * A request that never got a usable HTTP answer (refused, reset, timed out, unreadable body).
 * The low-level reason goes in the description: n8n rewrites messages that contain socket codes.
 */
export function connectionError(
	node: INode,
	reason: string,
	itemIndex?: number,
	message = 'Could not reach the service',
	service?: Service,
): NodeApiError {
	const credential = service ? CREDENTIAL_NAME[service] : 'credential';
	return new NodeApiError(
		node,
		{ reason },
		{
			message,
			description: `${reason}. Check the Base URL in the ${credential} and that the service is up, then retry.`,
			itemIndex,
		},
	);
}

/**
 * The service redirected to another origin. The redirect is not followed, so the key stays home;
 * for a create the outcome is unknown (a redirect after a POST may follow its processing).
 */
export function redirectError(
	node: INode,
	origin: string,
	create: boolean,
	itemIndex?: number,
): NodeApiError {
	const head = `The service redirected the request to another origin (${origin})`;
	const fix =
		"The redirect was not followed, so the API key stayed with the credential's Base URL. Set the Base URL to the service's own address (check https and the host)";
	if (create) return unconfirmedError(node, head, fix, itemIndex);
	return new NodeApiError(
		node,
		{ reason: 'redirect' },
		{ message: head, description: `${fix}.`, itemIndex },
	);
}

/** A redirect that would resend a file streamed from binary data: the stream was read by the first send. */
export function spentRedirectError(node: INode, status: number, itemIndex?: number): NodeApiError {
	const head = `The service redirected the upload (HTTP ${status})`;
	return unconfirmedError(
		node,
		head,
		'A file streamed from binary data is sent once, so the redirect was not followed',
		itemIndex,
		String(status),
	);
}

/** Replaces a secret in every string of a JSON-like value, so no key reaches the UI or a log. */
export function redact<T>(value: T, secret: string): T {
	if (!secret) return value;
	if (typeof value === 'string') return value.split(secret).join('***') as T;
	if (Array.isArray(value)) return value.map((entry) => redact(entry, secret)) as T;
	if (!value || typeof value !== 'object') return value;
	const entries = Object.entries(value as Record<string, unknown>);
	return Object.fromEntries(entries.map(([key, entry]) => [key, redact(entry, secret)])) as T;
}
