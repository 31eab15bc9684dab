import { createHash, timingSafeEqual } from 'crypto';

/**
 * Unified Generation API, § Events shows no signature on callbacks, so the Task Trigger's URL
 * carries a secret of the user's choosing as a query parameter, and a call without it starts
 * nothing.
 */
export const SECRET_PARAMETER = 'secret';

export type SecretCheck = 'ok' | 'missing' | 'wrong';

/** Compares digests in constant time, so neither the secret nor its length leaks through timing. */
export function checkSecret(expected: string, given: unknown): SecretCheck {
	if (typeof given !== 'string' || given === '') return 'missing';
	if (!expected) return 'wrong';
	const digest = (text: string) => createHash('sha256').update(text).digest();
	return timingSafeEqual(digest(expected), digest(given)) ? 'ok' : 'wrong';
}
