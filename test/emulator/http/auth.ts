import type { IncomingHttpHeaders } from 'node:http';
import type { Store, Account } from '../store';
import { ApiError } from './reply';

/** The key of `Authorization: Bearer <key>`, or undefined. */
export function bearerKey(headers: IncomingHttpHeaders): string | undefined {
	const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
	return match?.[1].trim();
}

/** Both services share the accounts: one key works for both (spec: one account per key). */
export function authenticate(store: Store, headers: IncomingHttpHeaders): Account {
	const key = bearerKey(headers);
	if (!key)
		throw new ApiError(
			401,
			'Missing API key: send Authorization: Bearer <API_KEY>',
			'UNAUTHORIZED',
		);
	const account = store.accounts.get(key);
	if (!account) throw new ApiError(401, 'Invalid API key', 'UNAUTHORIZED');
	return account;
}
