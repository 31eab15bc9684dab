import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { eachItem, errorItem } from './item-loop';

/** An item to wait on: the id it names. */
export interface WaitEntry {
	id: string;
	itemIndex: number;
}

/** What one wait became: the fields it adds to its item (outcome, error, ...), and where it goes. */
export interface WaitedItem {
	json: IDataObject;
	binary?: INodeExecutionData['binary'];
	succeeded: boolean;
}

/** Waits on every entry together; one result per entry, in their order. */
export type WaitAll = (entries: WaitEntry[]) => Promise<WaitedItem[]>;

/** A line of a two-output wait that waits on `id`: its output item is `base` with the wait's fields over it. */
export interface WaitingLine extends WaitEntry {
	base: IDataObject;
}

/** A line that goes out as it is, without waiting (a skipped item, an error item, an asset already Active). */
export interface ReadyLine {
	item: INodeExecutionData;
	succeeded: boolean;
}

export type WaitLine = WaitingLine | ReadyLine;

const isWaiting = (line: WaitLine): line is WaitingLine => 'id' in line;

/** An item's fields with what its wait found over them, paired to it. */
export function waitedItem(
	itemIndex: number,
	base: IDataObject,
	{ json, binary }: WaitedItem,
): INodeExecutionData {
	return {
		json: { ...base, ...json },
		...(binary ? { binary } : {}),
		pairedItem: { item: itemIndex },
	};
}

/**
 * The one two-output wait of every waiting operation: waits on the ids of all its lines together,
 * then sends each line, in the lines' order, to output 1 (completed) or output 2 (everything else,
 * with why), so no item is dropped.
 */
export async function twoOutputWait(
	lines: WaitLine[],
	waitAll: WaitAll,
): Promise<INodeExecutionData[][]> {
	const waiting = lines.filter(isWaiting);
	const waited = await waitAll(waiting.map(({ id, itemIndex }) => ({ id, itemIndex })));
	const resultOf = new Map(waiting.map((line, index) => [line, waited[index]]));
	const outputs: INodeExecutionData[][] = [[], []];
	for (const line of lines) {
		if (!isWaiting(line)) {
			outputs[line.succeeded ? 0 : 1].push(line.item);
			continue;
		}
		const result = resultOf.get(line)!;
		outputs[result.succeeded ? 0 : 1].push(waitedItem(line.itemIndex, line.base, result));
	}
	return outputs;
}

/** How a wait operation reads the id each input item names and waits on them. */
export interface WaitRouting {
	/**
	 * The id field's value as written, trimmed, maybe empty (nodes/settings/ids.ts): an item marked
	 * skipped with it empty has nothing to wait for.
	 */
	idValue(itemIndex: number): string;
	/** The id an item waits on; throws (the user's to fix) when it has none. */
	readId(itemIndex: number): string;
	waitAll: WaitAll;
}

/**
 * The wait operations (Wait For Task, Compat Task → Wait and → Wait for Review, Upload Asset →
 * Wait for Review) on their input items: each output item is its input item's fields with the
 * wait's over them; an item without an id is an error item in output 2 under Continue On Fail,
 * and an item a Create node skipped goes to output 2 with outcome 'skipped'. Those two come
 * first in output 2, before the waited items.
 */
export async function routeWaits(
	ctx: IExecuteFunctions,
	routing: WaitRouting,
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const lines = await eachItem<WaitLine>(
		ctx,
		async (itemIndex) => {
			const base = items[itemIndex].json;
			if (skippedByCreate(ctx, itemIndex, routing)) {
				const json = { ...base, outcome: 'skipped' };
				return { item: { json, pairedItem: { item: itemIndex } }, succeeded: false };
			}
			return { id: routing.readId(itemIndex), itemIndex, base };
		},
		(error, itemIndex) => ({
			item: errorItem(error, itemIndex, items[itemIndex].json),
			succeeded: false,
		}),
	);
	const ready = lines.filter((line) => !isWaiting(line));
	return await twoOutputWait([...ready, ...lines.filter(isWaiting)], routing.waitAll);
}

/**
 * An item a Create node skipped (Batch Options → Skip Items Already Created: created in an
 * earlier run, no task id in this one) whose id field is left empty: nothing to wait for, no error.
 * The field is read as its value (a resource locator's too), so every wait judges it alike.
 */
function skippedByCreate(ctx: IExecuteFunctions, itemIndex: number, routing: WaitRouting): boolean {
	if (ctx.getInputData()[itemIndex].json.skipped !== true) return false;
	return routing.idValue(itemIndex) === '';
}
