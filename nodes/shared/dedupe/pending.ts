import type { IExecuteFunctions } from 'n8n-workflow';

import type { SkipSettings } from './settings';
import { forgetKeys, storeError } from './store';

/**
 * "Claimed, not sent yet": recorded beside an item's key when a run claims it, taken back just
 * before its create is sent. A crash between the two leaves the mark, so a later run knows that
 * this item was never sent; a key without the mark was sent (or may have been: keys recorded by
 * earlier versions of this package carry no mark, and count as sent).
 */
export const pendingKey = (key: string) => `pending:${key}`;

/** Takes the pending marks of these keys back; a store that fails stops their items (not sent). */
export async function takeBackPending(
	ctx: IExecuteFunctions,
	keys: string[],
	settings: SkipSettings,
): Promise<void> {
	await forgetKeys(ctx, [...new Set(keys)].map(pendingKey), settings).catch((error: Error) => {
		throw storeError(ctx, error);
	});
}
