/** Reading the errors a request helper throws when no HTTP answer arrived. */

/**
 * Codes that mean the request never left: no address, no route, connection refused. Anything
 * else (a reset, a timeout, a TLS failure mid-way) may have happened after the body was sent.
 */
const NOTHING_SENT = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EAI_NONAME',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

type Failure = { code?: unknown; message?: unknown; cause?: unknown; messages?: unknown };

/** A Node.js socket error code named in a message ("connect ECONNREFUSED 127.0.0.1:80"). */
const CODE_IN_MESSAGE = /\b(E[A-Z]{2,}[A-Z_]*)\b/;

/**
 * The error in the chain that carries a socket code (n8n wraps axios, axios wraps Node). n8n 1.x
 * wraps it in a NodeApiError that drops the cause and keeps only the low-level message, in
 * `messages`: the code is read from there, and that message stands for the failure.
 */
function coded(error: unknown): Failure | undefined {
	let current = error as Failure | undefined;
	for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
		if (typeof current.code === 'string') return current;
		current = current.cause as Failure | undefined;
	}
	const kept = (error as Failure | undefined)?.messages;
	const message = Array.isArray(kept)
		? kept.find((entry): entry is string => typeof entry === 'string' && entry !== '')
		: undefined;
	return message === undefined ? undefined : { code: CODE_IN_MESSAGE.exec(message)?.[1], message };
}

const failureCode = (error: unknown): string | undefined =>
	coded(error)?.code as string | undefined;

export const sentNothing = (error: unknown): boolean => NOTHING_SENT.has(failureCode(error) ?? '');

/** The helper's own idle timeout, which may fire at the same moment as the attempt's limit. */
export const timedOutCode = (error: unknown): boolean =>
	['ETIMEDOUT', 'ECONNABORTED'].includes(failureCode(error) ?? '');

/**
 * Only the code and the low-level message: the raw error carries the request config (and its
 * headers), and n8n's wrapper rewrites messages into advice ("You can retry...") that is wrong for a create.
 */
export function describeFailure(error: unknown): string {
	const source = coded(error) ?? ((error ?? {}) as Failure);
	const code = typeof source.code === 'string' ? source.code : undefined;
	const message =
		typeof source.message === 'string' && source.message ? source.message : 'connection failed';
	return code && !message.includes(code) ? `${code} ${message}` : message;
}
