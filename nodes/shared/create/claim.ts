import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemFailure } from './outcomes';
import { addHint } from '../execution/hints';
import type { Planned, ReadyItem } from './plan';
import { requestKey, stableJson } from '../dedupe/request-key';
import { customKeyOf, readSkipSettings } from '../dedupe/settings';
import type { SkipSettings } from '../dedupe/settings';
import { pendingKey, takeBackPending } from '../dedupe/pending';
import { forgetAll, forgetKeys, recordNew, storeError } from '../dedupe/store';

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
	/** Called before these items' creates are sent (see pending.ts): the creates wait for it. */
	beforeSend(itemIndexes: number[]): Promise<void>;
}

const isReady = <R>(entry: Planned<R>): entry is ReadyItem<R> => !('error' in entry);

/**
 * Skip Items Created in Earlier Runs: each ready item's key is checked and recorded in one call to n8n's
 * deduplication store before anything is priced, uploaded or sent (so a skipped item costs
 * nothing, and a second execution running at the same time finds the key taken), and forgotten
 * again by `settle` for the items that end without a task. Each key is recorded with a pending
 * mark, taken back just before its create is sent (pending.ts): a crash in between leaves the
 * mark, so later runs say plainly that the item was never sent, and n8n's Retry sends it.
 *
 * The keys are recorded on every run, the option off too, and n8n's Retry of an execution skips
 * those sent whatever the option says: a Retry after a crash re-runs the node from its input, and
 * must not pay again for what the crashed run sent. Off and not a Retry, a store that fails only
 * warns.
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
	const memory = await remember(ctx, [...firstOfKey.keys()], settings).catch((error: Error) => {
		if (skipping) throw error;
		warn(ctx, `${error.message}. ${UNRECORDED}`);
		return undefined;
	});
	if (!memory) return { planned, skipped: [], settle: async () => {}, beforeSend: async () => {} };
	const { known, neverSent } = memory;
	const claimed = new Map<number, string>();
	const skipped: SkippedItem[] = [];
	const skip = (itemIndex: number, key: string, reason: string) =>
		variantsOf(planned, itemIndex).forEach((variant) =>
			skipped.push({ itemIndex, ...(variant === undefined ? {} : { variant }), key, reason }),
		);
	for (const [itemIndex, key] of keys) {
		if (key instanceof Error) continue;
		const first = firstOfKey.get(key)!;
		// A Retry sends what the run it retries claimed and never sent (that run is over).
		const resend = retry && neverSent.has(key);
		if (!skipping) {
			if (first === itemIndex && !known.has(key)) claimed.set(itemIndex, key);
		} else if (known.has(key) && !resend) skip(itemIndex, key, skipReason(key, memory, settings));
		else if (first !== itemIndex) skip(itemIndex, key, sameAsEarlierItem(first));
		else claimed.set(itemIndex, key);
	}
	const out = new Set(skipped.map(({ itemIndex }) => itemIndex));
	if (out.size > 0) addHint(ctx, skippedSummary(out.size, ctx.getInputData().length));
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
		beforeSend: async (itemIndexes) => {
			const sent = itemIndexes.map((itemIndex) => keys.get(itemIndex));
			const known = sent.filter((key): key is string => typeof key === 'string');
			if (known.length > 0) await takeBackPending(ctx, known, settings);
		},
	};
}

/** What the store knew of these keys before this run: recorded ones, and those never sent. */
interface Memory {
	known: Set<string>;
	neverSent: Set<string>;
}

/**
 * Records each key with its pending mark (claimed, not sent yet) in one call, and learns which
 * were known and which of those an earlier run claimed and never sent. The call also marks the
 * keys an earlier run did send as pending: those marks are taken back at once.
 */
async function remember(
	ctx: IExecuteFunctions,
	keys: string[],
	settings: SkipSettings,
): Promise<Memory> {
	const answer = await recordNew(ctx, [...keys, ...keys.map(pendingKey)], settings);
	const known = new Set(keys.filter((key) => answer.has(key)));
	const neverSent = new Set([...known].filter((key) => answer.has(pendingKey(key))));
	const sent = [...known].filter((key) => !neverSent.has(key));
	await forgetKeys(ctx, sent.map(pendingKey), settings).catch((error: Error) => {
		throw storeError(ctx, error);
	});
	return { known, neverSent };
}

function skipReason(key: string, { neverSent }: Memory, settings: SkipSettings): string {
	if (neverSent.has(key)) return NEVER_SENT;
	return settings.skip ? earlierRun(settings) : RETRIED;
}

const UNRECORDED =
	"This run's items were sent without being recorded, so n8n's Retry of this execution could not tell which were sent.";

const NEVER_SENT =
	'An earlier run claimed this item but had not sent it when this run checked: that run is still sending it, or it ended (a crash, a killed worker) before sending it, and then no task exists and nothing was billed. Not sent now, so it cannot be paid twice. If that run ended, retry its execution in n8n: a Retry sends the items its run never sent.';

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
			unused.flatMap(([, key]) => [key, pendingKey(key)]),
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

const warn = (ctx: IExecuteFunctions, message: string) => addHint(ctx, message, 'warning');

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

/** A run that skips items (a scheduled one may skip them all) says so above its output. */
const skippedSummary = (skipped: number, total: number) =>
	`Skipped ${skipped} of ${total} items: not sent, so nothing was billed for them. Each skipped item says why in skipReason.`;

const sameAsEarlierItem = (first: number) =>
	`Same key as item ${first} of this run, which is sent once for both: not sent twice.`;

const earlierRun = ({ scope }: SkipSettings) =>
	`An earlier run of this ${scope} created a task for this key (or may have: its create got no clear answer), so it was not sent again. This node remembers only that the row was sent, not its task id: find it in that execution's output, or in n8n's log ("created … task <id> (item …)"). To create it again, change the item, or run once with Forget Earlier Runs.`;
