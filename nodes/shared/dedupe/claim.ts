import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemFailure } from '../create/outcomes';
import type { Planned, ReadyItem } from '../create/plan';
import { requestKey, stableJson } from './request-key';
import { customKeyOf, readSkipSettings } from './settings';
import type { SkipSettings } from './settings';
import { forgetAll, forgetKeys, recordNew } from './store';

/**
 * An item's request not sent because its key is already remembered: one per request of the item
 * (each image variant), so an item yields as many output items whether created or skipped.
 */
export interface SkippedItem {
	itemIndex: number;
	/** Which of its item's requests this is (1..N), when the item makes several. */
	variant?: number;
	key: string;
	reason: string;
}

export interface Claimed<R> {
	/** What goes on to be priced and sent: every planned entry but those of skipped items. */
	planned: Array<Planned<R>>;
	skipped: SkippedItem[];
	/**
	 * Once each item's outcome is known: forgets the keys of the items whose tasks cannot exist
	 * (refused, not sent), so a fixed row is created by the next run. Called with `() => false`
	 * when the node stops before sending anything.
	 */
	settle(mayExist: (itemIndex: number) => boolean): Promise<void>;
}

const isReady = <R>(entry: Planned<R>): entry is ReadyItem<R> => !('error' in entry);

/**
 * Skip Items Created in Earlier Runs: each ready item's key is checked and recorded in one call to n8n's
 * deduplication store before anything is priced, uploaded or sent (so a skipped item costs
 * nothing, and a second execution running at the same time finds the key taken), and forgotten
 * again by `settle` for the items that end without a task. A crash between the two leaves the key
 * of an item that was never created: the next runs skip it (saying so) until the memory is
 * cleared; the other order (record after sending) would instead pay twice after such a crash.
 *
 * The keys are recorded on every run, the option off too, and n8n's Retry of an execution skips
 * them whatever the option says: a Retry after a crash re-runs the node from its input, and must
 * not pay again for what the crashed run sent. Off and not a Retry, a store that fails only warns.
 */
export async function claimItems<R>(
	ctx: IExecuteFunctions,
	kind: string,
	planned: Array<Planned<R>>,
): Promise<Claimed<R>> {
	const settings = readSkipSettings(ctx);
	if (settings.forget) await forgetAll(ctx, settings);
	const retry = ctx.getMode() === 'retry';
	const skipping = settings.skip || retry;
	const keys = await keysOf(ctx, kind, planned);
	const firstOfKey = new Map<string, number>();
	for (const [itemIndex, key] of keys) {
		if (!(key instanceof Error) && !firstOfKey.has(key)) firstOfKey.set(key, itemIndex);
	}
	const known = await recordNew(ctx, [...firstOfKey.keys()], settings).catch((error: Error) => {
		if (skipping) throw error;
		warn(ctx, `${error.message}. ${UNRECORDED}`);
		return undefined;
	});
	if (!known) return { planned, skipped: [], settle: async () => {} };
	const claimed = new Map<number, string>();
	const skipped: SkippedItem[] = [];
	const skip = (itemIndex: number, key: string, reason: string) =>
		variantsOf(planned, itemIndex).forEach((variant) =>
			skipped.push({ itemIndex, ...(variant === undefined ? {} : { variant }), key, reason }),
		);
	for (const [itemIndex, key] of keys) {
		if (key instanceof Error) continue;
		const first = firstOfKey.get(key)!;
		if (!skipping) {
			if (first === itemIndex && !known.has(key)) claimed.set(itemIndex, key);
		} else if (known.has(key)) skip(itemIndex, key, settings.skip ? earlierRun(settings) : RETRIED);
		else if (first !== itemIndex) skip(itemIndex, key, sameAsEarlierItem(first));
		else claimed.set(itemIndex, key);
	}
	const out = new Set(skipped.map(({ itemIndex }) => itemIndex));
	return {
		// A key that could not be made fails its item only when keys decide what is sent.
		planned: (skipping ? withKeyFailures(planned, keys) : planned).filter(
			(entry) => !out.has(entry.itemIndex),
		),
		skipped,
		settle: async (mayExist) => {
			const unused = [...claimed].filter(([itemIndex]) => !mayExist(itemIndex));
			await forgetQuietly(ctx, unused, settings);
		},
	};
}

const UNRECORDED =
	"This run's items were sent without being recorded, so n8n's Retry of this execution could not tell which were sent.";

const RETRIED =
	"n8n is retrying an execution, and an earlier run already sent this item's request (its task exists or may: it may be billed), so it was not sent again. Its task id is in n8n's log (\"created … task <id> (item …)\") and in the earlier execution's output where n8n saved it. To create it again, run the workflow instead of retrying it.";

/**
 * Forgets the keys of items without a task. It never throws: after sending, a throw would lose the
 * created tasks' ids from the output, and before it, hide why the node stopped. A key it could not
 * forget makes its item skipped by later runs, which a warning says.
 */
async function forgetQuietly(
	ctx: IExecuteFunctions,
	unused: Array<[number, string]>,
	settings: SkipSettings,
): Promise<void> {
	try {
		await forgetKeys(
			ctx,
			unused.map(([, key]) => key),
			settings,
		);
	} catch (error) {
		const items = unused.map(([itemIndex]) => itemIndex).join(', ');
		warn(
			ctx,
			`Skip Items Created in Earlier Runs: n8n's deduplication store could not forget the items without a task (item index ${items}): ${(error as Error).message}. Later runs will skip them until a run with Forget Earlier Runs.`,
		);
	}
}

/** An execution hint above the output; `addExecutionHints` is not in every n8n 1.x release. */
function warn(ctx: IExecuteFunctions, message: string): void {
	const hints = (ctx as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>).addExecutionHints;
	if (typeof hints === 'function')
		hints.call(ctx, { message, type: 'warning', location: 'outputPane' });
}

/** The variants of an item's ready requests, in order ([undefined] for an item of one request). */
const variantsOf = <R>(planned: Array<Planned<R>>, itemIndex: number) =>
	planned
		.filter((entry): entry is ReadyItem<R> => isReady(entry) && entry.itemIndex === itemIndex)
		.map((entry) => entry.variant);

/** Each ready item's key (an item's variants share one), or why it has none. */
async function keysOf<R>(
	ctx: IExecuteFunctions,
	kind: string,
	planned: Array<Planned<R>>,
): Promise<Map<number, string | Error>> {
	const requests = new Map<number, R[]>();
	for (const entry of planned.filter(isReady)) {
		requests.set(entry.itemIndex, [...(requests.get(entry.itemIndex) ?? []), entry.request]);
	}
	const keys = new Map<number, string | Error>();
	for (const [itemIndex, itemRequests] of requests) {
		keys.set(
			itemIndex,
			await keyOf(ctx, kind, itemIndex, itemRequests).catch((error: Error) => error),
		);
	}
	return keys;
}

async function keyOf(
	ctx: IExecuteFunctions,
	kind: string,
	itemIndex: number,
	requests: unknown[],
): Promise<string> {
	const custom = customKeyOf(ctx, itemIndex);
	if (custom === undefined) return await requestKey(ctx, kind, itemIndex, requests);
	if (custom === null || String(custom).trim() === '') {
		throw new NodeOperationError(ctx.getNode(), 'Skip Key is empty for this item', {
			itemIndex,
			description:
				'Batch Options → Skip Key gave no value for this item, so it cannot be told apart from the others. Give every item a key (e.g. {{ $json.id }}), or clear Skip Key to use the request itself. Nothing was sent.',
		});
	}
	return typeof custom === 'object' ? stableJson(custom) : String(custom);
}

/** An item whose key could not be made becomes one failure in place of its entries: nothing sent. */
function withKeyFailures<R>(
	planned: Array<Planned<R>>,
	keys: Map<number, string | Error>,
): Array<Planned<R>> {
	const failed = new Set<number>();
	return planned.flatMap((entry): Array<Planned<R>> => {
		const key = keys.get(entry.itemIndex);
		if (!isReady(entry) || !(key instanceof Error)) return [entry];
		if (failed.has(entry.itemIndex)) return [];
		failed.add(entry.itemIndex);
		const failure: ItemFailure = { itemIndex: entry.itemIndex, error: key, sent: 'no' };
		return [failure];
	});
}

const sameAsEarlierItem = (first: number) =>
	`Same key as item ${first} of this run, which is sent once for both: not sent twice.`;

const earlierRun = ({ scope }: SkipSettings) =>
	`An earlier run of this ${scope} created a task for this key (or may have: its create got no clear answer), so it was not sent again. The earlier task's id is not known here (n8n's deduplication store keeps only a hash of the key): find it in that execution's output, or in n8n's log ("created … task <id> (item …)"). To create it again, change the item, or run once with Forget Earlier Runs.`;
