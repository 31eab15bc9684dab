import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * Runs `handle` for every input item, in order, and owns what every node must do per item:
 * pairedItem on each output, and an error item (instead of a stopped workflow) under continueOnFail.
 */
export async function mapItems(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject>,
): Promise<INodeExecutionData[]> {
	const items = ctx.getInputData();
	const results: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			results.push({ json: await handle(itemIndex), pairedItem: { item: itemIndex } });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			results.push(errorItem(error as Error, itemIndex));
		}
	}
	return results;
}

/** The item a failed input becomes under continueOnFail: the message, and what else we know. */
export function errorItem(
	error: Error,
	itemIndex: number,
	extra: IDataObject = {},
): INodeExecutionData {
	const description = (error as { description?: unknown }).description;
	return {
		json: {
			...extra,
			error: error.message,
			...(typeof description === 'string' && description ? { errorDescription: description } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}

/** n8n errors pass through; anything else is wrapped so the UI shows which item failed. */
export function asNodeError(ctx: IExecuteFunctions, error: Error, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error, { itemIndex });
}
