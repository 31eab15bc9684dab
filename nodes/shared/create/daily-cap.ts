import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { StoreRecord } from '../dedupe/store';
import { capDayOf, untilReset } from '../spend/day';
import type { CapDay } from '../spend/day';
import { CapTokens } from '../spend/tokens';
import { runsAsTool } from '../tool/detect';
import type { SkippedItem } from './claim';
import { mayHaveCreated } from './outcomes';
import type { ItemFailure } from './outcomes';
import { priceFields } from './plan';
import type { Planned, ReadyItem } from './plan';
import type { SubmittedItem } from './submit';

/** Batch Options → Daily Credit Cap (a Compat Task create: Daily Task Cap), read by nodes/settings/create.ts. */
export interface DailyCap {
	/** Most credits (or tasks) this node may spend per day, over every execution of the workflow. */
	limit: number;
	unit: 'credits' | 'tasks';
}

/** A spent or reserved unit: an entry that was created or may have been. */
export interface Spent {
	itemIndex: number;
	units: number;
}

/** What a run reserved against the day's cap, and how it settles up. */
export interface CapRun<R> {
	/** The entries within the cap; the others refused with DAILY_CAP_REACHED (nothing sent). */
	planned: Array<Planned<R>>;
	/** Gives back what was reserved and not spent; then each output item says today's spend after it. */
	settle(spent: Spent[]): Promise<void>;
	withSpend(items: INodeExecutionData[]): INodeExecutionData[];
}

/**
 * What each entry of a batch spent or may have: a created task its price (or one task), a create
 * without a clear answer its estimate; nothing for the rest (refused, not sent, skipped).
 */
export function spentUnits(
	sent: Array<ItemFailure | SubmittedItem | SkippedItem>,
	unit: DailyCap['unit'],
): Spent[] {
	return sent.flatMap((entry) => {
		const { itemIndex } = entry;
		if ('task' in entry)
			return [{ itemIndex, units: unit === 'tasks' ? 1 : (entry.price.credits ?? 0) }];
		if (!('error' in entry) || !mayHaveCreated(entry)) return [];
		const estimate = entry.json?.estimatedCredits;
		if (unit === 'tasks') return [{ itemIndex, units: 1 }];
		return [{ itemIndex, units: typeof estimate === 'number' ? estimate : 0 }];
	});
}

const isReady = <R>(item: Planned<R>): item is ReadyItem<R> => !('error' in item);

/**
 * Reserves the ready entries' units against the day's cap in n8n's deduplication store
 * (tokens.ts), in the node's own record: one round of store calls per run, not per create. An
 * entry whose units would pass the cap is refused before anything is sent; later, smaller ones
 * may still fit. The record is the ledger's (scope Node): the cap belongs to the node that spends,
 * and a record in scope Workflow is shared with any Remove Duplicates node and its own cap.
 */
export async function reserveDailyCap<R>(
	ctx: IExecuteFunctions,
	planned: Array<Planned<R>>,
	cap: DailyCap,
	record: StoreRecord,
): Promise<CapRun<R>> {
	const started = Date.now();
	const day = capDayOf(started, ctx.getTimezone());
	const tokens = new CapTokens(ctx, record, day, cap.limit);
	const unitsOf = (item: ReadyItem<R>) => (cap.unit === 'tasks' ? 1 : item.price.credits);
	const wanted = planned.filter(isReady).reduce((sum, item) => sum + (unitsOf(item) ?? 0), 0);
	if (wanted > 0) await tokens.claim(wanted);
	const held = tokens.held;
	const before = tokens.seenTaken;
	let reserved = 0;
	const checked = planned.map((item): Planned<R> => {
		if (!isReady(item)) return item;
		const units = unitsOf(item);
		if (units === null) return unpriced(ctx, item);
		if (reserved + units > held) return refusal(ctx, item, cap, day, before + reserved, units);
		reserved += units;
		return item;
	});
	await tokens.keep(reserved);
	let costMs = Date.now() - started;
	let totals: number[] = [];
	return {
		planned: checked,
		settle: async (spent) => {
			const settling = Date.now();
			await tokens.giveBack(reserved - spent.reduce((sum, { units }) => sum + units, 0));
			costMs += Date.now() - settling;
			// the bench reads it (`npm run bench -- --only ledger`), as the ledger's own line
			ctx.logger.debug(
				`${ctx.getNode().name}: daily cap: ${spent.length} creates, ${tokens.calls} store calls, ${costMs} ms reserving and giving back`,
			);
			totals = runningTotals(spent, before, ctx.getInputData().length);
		},
		withSpend: (items) =>
			items.map((item) => {
				const index = (item.pairedItem as { item?: number } | undefined)?.item ?? 0;
				return withSpend(item, totals[index] ?? before, cap, day);
			}),
	};
}

/** Today's spend after each item: what was seen before the run, plus this run's items up to it. */
function runningTotals(spent: Spent[], before: number, items: number): number[] {
	const byItem = new Array<number>(items).fill(0);
	spent.forEach(({ itemIndex, units }) => (byItem[itemIndex] += units));
	let total = before;
	return byItem.map((units) => (total += units));
}

function withSpend(
	item: INodeExecutionData,
	spent: number,
	cap: DailyCap,
	day: CapDay,
): INodeExecutionData {
	const dailySpend: IDataObject = {
		[cap.unit === 'tasks' ? 'tasksToday' : 'creditsToday']: spent,
		cap: cap.limit,
		resetsAt: day.resetsAt,
		timezone: day.timezone,
	};
	return { ...item, json: { ...item.json, dailySpend } };
}

const capName = ({ unit }: DailyCap) => (unit === 'tasks' ? 'Daily Task Cap' : 'Daily Credit Cap');

function refusal<R>(
	ctx: IExecuteFunctions,
	{ itemIndex, variant, price }: ReadyItem<R>,
	cap: DailyCap,
	day: CapDay,
	spent: number,
	units: number,
): ItemFailure {
	const what = cap.unit === 'tasks' ? 'tasks' : 'credits';
	const cost = cap.unit === 'tasks' ? 'it is one more task' : `it is estimated at ${units} credits`;
	const reset = `The day resets at midnight (${day.timezone}), ${untilReset(Date.now(), day)} (${day.resetsAt}).`;
	const tell = runsAsTool(ctx)
		? ` Tell the user: the ${capName(cap)} of this tool is spent for today; it resets at midnight (${day.timezone}).`
		: '';
	const error = new NodeOperationError(
		ctx.getNode(),
		`DAILY_CAP_REACHED: item not sent, ${cost} and today's spend is ${spent} of the ${capName(cap)} of ${cap.limit} ${what}`,
		{
			itemIndex,
			description: `The cap counts this node's ${what} over every execution of this workflow since midnight. ${reset} To spend more today, raise ${capName(cap)} in Batch Options. Nothing was sent and no credits were spent.${tell}`,
		},
	);
	return { itemIndex, variant, error, sent: 'no', json: priceFields(price) };
}

function unpriced<R>(ctx: IExecuteFunctions, item: ReadyItem<R>): ItemFailure {
	const reason = item.price.credits === null ? item.price.reason : '';
	const error = new NodeOperationError(
		ctx.getNode(),
		`DAILY_CAP_REACHED: item not sent, its price cannot be known before sending: ${reason}`,
		{
			itemIndex: item.itemIndex,
			description:
				'Under a Daily Credit Cap an item is sent only when its price is known. Give media whose length the node can read (binary data, an uploaded asset, a file host that answers range requests), or set Daily Credit Cap to 0. Nothing was sent and no credits were spent.',
		},
	);
	return {
		itemIndex: item.itemIndex,
		variant: item.variant,
		error,
		sent: 'no',
		json: priceFields(item.price),
	};
}
