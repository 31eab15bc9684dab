import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';

import {
	connectionError,
	httpError,
	redact,
	serviceSaid,
	stoppedError,
	unconfirmedError,
} from '../errors';
import type { Service, Subject } from '../errors';
import { describeFailure, sentNothing, timedOutCode } from './failure';
import { retryAfterMs, seconds } from './limits';
import type { AttemptClock } from './limits';

/** What one attempt of a request turned into: a JSON body, or an error and whether a GET may try again. */
export type Outcome =
	{ ok: true; body: unknown } | { ok: false; retryable: boolean; error: Error; waitMs?: number };

/** One request as the transport sends it. */
export interface Call {
	node: INode;
	service: Service;
	itemIndex?: number;
	secret: string;
	url: string;
	/** Only a GET may be sent again: anything else could create and bill twice (docs/architecture.md, Promises: Money). */
	idempotent: boolean;
	/** What the request names by id, so a 404 or 403 says which id to check. */
	subject?: Subject;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export const failed = (error: Error): Outcome => ({ ok: false, retryable: false, error });

/** No HTTP answer: stopped, timed out, refused before sending, or broken after the request may have arrived. */
export function noAnswer(call: Call, clock: AttemptClock, error: unknown): Outcome {
	const { node, itemIndex } = call;
	if (clock.stopped())
		return failed(stoppedError(node, itemIndex, call.idempotent ? 'get' : 'other'));
	const timedOut = clock.timedOut() || timedOutCode(error);
	const reason = timedOut
		? `No complete answer within ${seconds(clock.limitMs)}`
		: redact(describeFailure(error), call.secret);
	if (call.idempotent)
		return {
			ok: false,
			retryable: true,
			error: connectionError(node, reason, itemIndex, undefined, call.service),
		};
	if (!timedOut && sentNothing(error)) {
		return failed(
			connectionError(
				node,
				reason,
				itemIndex,
				'Could not reach the service: nothing was sent',
				call.service,
			),
		);
	}
	const head = timedOut ? reason : 'The connection broke before the answer';
	return failed(
		unconfirmedError(node, head, timedOut ? 'The request had been sent' : reason, itemIndex),
	);
}

/** An HTTP answer: only a 4xx is a clear refusal of a create; any other failure leaves it unconfirmed. */
export function judge(call: Call, response: IN8nHttpFullResponse): Outcome {
	const { node, service, itemIndex, secret, idempotent } = call;
	const status = response.statusCode;
	if (status >= 200 && status < 300) return parseBody(call, response.body);
	if (!idempotent && (status < 400 || status >= 500)) {
		const reason = redact(serviceSaid(response.body), secret);
		const head = `The request failed with HTTP ${status}`;
		return failed(unconfirmedError(node, head, reason, itemIndex, String(status)));
	}
	return {
		ok: false,
		retryable: idempotent && RETRY_STATUSES.has(status),
		error: httpError(node, service, status, response.body, itemIndex, secret, call.subject),
		waitMs: retryAfterMs(response.headers?.['retry-after']),
	};
}

/** A 2xx body that is not JSON is a broken answer: retryable like a 502 for a GET, unconfirmed otherwise. */
function parseBody(call: Call, body: unknown): Outcome {
	const { node, itemIndex } = call;
	try {
		const parsed: unknown = typeof body !== 'string' ? body : body === '' ? {} : JSON.parse(body);
		return { ok: true, body: redact(parsed, call.secret) };
	} catch {
		const reason = 'The response body is not valid JSON';
		if (!call.idempotent)
			return failed(unconfirmedError(node, 'The answer was unreadable', reason, itemIndex));
		const error = connectionError(
			node,
			reason,
			itemIndex,
			'The service sent an unreadable answer',
			call.service,
		);
		return { ok: false, retryable: true, error };
	}
}
