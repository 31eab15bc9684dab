import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, errorItem } from './item-loop';

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

/** How one wait operation reads its items and waits on them; the routing is the same for all. */
export interface WaitRouting {
	/** The id an item waits on; throws (the user's to fix) when it has none. */
	readId(itemIndex: number): string;
	/** An item with nothing to wait for by design: it goes to output 2 with outcome 'skipped'. */
	isSkipped?(itemIndex: number): boolean;
	/** Waits on every entry together; one result per entry, in their order. */
	waitAll(entries: WaitEntry[]): Promise<WaitedItem[]>;
}

/**
 * The wait operations' two outputs (Wait For Task, Compat Task → Wait and → Wait for Review, Upload
 * Asset → Wait for Review): output 1 gets what completed, output 2 everything else with why, so no
 * item is dropped. Each output item is its input item's fields with the wait's over them, paired to
 * it; an item without an id is an error item in output 2 under Continue On Fail.
 */
export async function routeWaits(
	ctx: IExecuteFunctions,
	routing: WaitRouting,
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const outputs: INodeExecutionData[][] = [[], []];
	const entries: WaitEntry[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		if (routing.isSkipped?.(itemIndex)) {
			outputs[1].push({
				json: { ...items[itemIndex].json, outcome: 'skipped' },
				pairedItem: { item: itemIndex },
			});
			continue;
		}
		try {
			entries.push({ id: routing.readId(itemIndex), itemIndex });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			outputs[1].push(errorItem(error as Error, itemIndex, items[itemIndex].json));
		}
	}
	const waited = await routing.waitAll(entries);
	waited.forEach(({ json, binary, succeeded }, index) => {
		const { itemIndex } = entries[index];
		outputs[succeeded ? 0 : 1].push({
			json: { ...items[itemIndex].json, ...json },
			...(binary ? { binary } : {}),
			pairedItem: { item: itemIndex },
		});
	});
	return outputs;
}

/**
 * An item a Create node skipped (Batch Options → Skip Items Created in Earlier Runs: created in an
 * earlier run, no task id in this one) whose id field is left empty: nothing to wait for, no error.
 */
export function skippedByCreate(ctx: IExecuteFunctions, itemIndex: number, idField: string) {
	const item = ctx.getInputData()[itemIndex].json;
	const id = String(ctx.getNodeParameter(idField, itemIndex, '') ?? '').trim();
	return item.skipped === true && id === '';
}
