import type { IExecuteFunctions } from 'n8n-workflow';

import type { SkipSettings } from './settings';
import { forgetKeys, storeError } from './store';

/**
 * "Claimed, not sent yet": recorded beside an item's key when a run claims it, forgotten just
 * before its create is sent. A crash between the two leaves the mark, so a later run knows that
 * this item was never sent; a key without the mark was sent (or may have been: keys recorded by
 * earlier versions of this package carry no mark, and count as sent).
 */
export const pendingKey = (key: string) => `pending:${key}`;

/**
 * Forgets an item's pending mark before its create goes out; the create waits for it, so a mark
 * is never left on a sent item (a forget that fails stops that item: not sent). Calls run one
 * after another (n8n's store reads and rewrites a scope's whole list) and the marks that queue
 * while one runs go together in the next.
 */
export function sendGate(
	ctx: IExecuteFunctions,
	settings: SkipSettings,
): (key: string) => Promise<void> {
	let next: { keys: Set<string>; done: Promise<void> } | undefined;
	let last: Promise<void> = Promise.resolve();
	return async (key) => {
		if (!next) {
			const keys = new Set<string>();
			const done = last
				.catch(() => undefined)
				.then(async () => {
					next = undefined;
					await forgetKeys(ctx, [...keys], settings).catch((error: Error) => {
						throw storeError(ctx, error);
					});
				});
			next = { keys, done };
			last = done;
		}
		const batch = next;
		batch.keys.add(pendingKey(key));
		await batch.done;
	};
}
