import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, errorItem } from '../../shared/execution/item-loop';

/**
 * Runs `handle` for every input item, in order, for operations that turn one item into several
 * (a list): each output carries pairedItem; an error becomes an error item under continueOnFail.
 */
export async function flatMapItems(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const results: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			for (const json of await handle(itemIndex))
				results.push({ json, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			results.push(errorItem(error as Error, itemIndex));
		}
	}
	return results;
}
