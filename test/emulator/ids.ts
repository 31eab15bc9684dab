import { randomBytes } from 'node:crypto';

/** Random ids with a prefix that says what they name, so a taskId is never mistaken for an orderId. */
export function newId(prefix: string): string {
	return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** Keys in the request log and error messages: enough to tell keys apart, not enough to use one. */
export function maskKey(key: string | undefined): string | undefined {
	if (key === undefined) return undefined;
	if (key.length < 6) return '…';
	return `${key.slice(0, 3)}…${key.slice(-2)}`;
}
