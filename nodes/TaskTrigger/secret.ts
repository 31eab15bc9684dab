import { createHash, timingSafeEqual } from 'crypto';

/**
 * Unified Generation API, § Events shows no signature on callbacks, so the Task Trigger's URL
 * carries a secret of the user's choosing as a query parameter, and a call without it starts
 * nothing.
 */
export const SECRET_PARAMETER = 'secret';

type SecretCheck = 'ok' | 'missing' | 'wrong' | 'repeated';

/** What the caller is told for each refusal, and with which status. */
export const SECRET_REFUSAL: Record<
	Exclude<SecretCheck, 'ok'>,
	{ status: number; message: string }
> = {
	missing: { status: 401, message: 'The URL has no ?secret=' },
	wrong: { status: 403, message: "The URL's secret is not this trigger's Secret" },
	repeated: { status: 400, message: 'The URL has ?secret= more than once: give it once' },
};

/**
 * Compares digests in constant time, so neither the secret nor its length leaks through timing.
 * A secret given twice (n8n parses ?secret=a&secret=b into an array) is refused whatever its
 * values: which one counts would be a guess.
 */
export function checkSecret(expected: string, given: unknown): SecretCheck {
	if (Array.isArray(given)) return 'repeated';
	if (typeof given !== 'string' || given === '') return 'missing';
	if (!expected) return 'wrong';
	const digest = (text: string) => createHash('sha256').update(text).digest();
	return timingSafeEqual(digest(expected), digest(given)) ? 'ok' : 'wrong';
}
