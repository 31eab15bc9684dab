import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * The one item loop (as n8n's OpenAI node router runs its operations): `handle` does one item,
 * in input order; a failed item stops the node, or under Continue On Fail becomes what `failed`
 * makes of it (by default its error item) and the loop goes on. Every operation that works item
 * by item runs here, so Continue On Fail means the same in every node.
 */
export async function eachItem<T>(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<T>,
	failed: (error: Error, itemIndex: number) => T,
): Promise<T[]> {
	const results: T[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			results.push(await handle(itemIndex));
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			results.push(failed(error as Error, itemIndex));
		}
	}
	return results;
}

/** An output item before the loop pairs it with its input item. */
export type OutputItem = Pick<INodeExecutionData, 'json' | 'binary'>;

/** Each item's output items, paired with it, or its error item under Continue On Fail. */
export async function outputItems(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<OutputItem[]>,
): Promise<INodeExecutionData[]> {
	const results = await eachItem<INodeExecutionData[]>(
		ctx,
		async (itemIndex) =>
			(await handle(itemIndex)).map((item) => ({ ...item, pairedItem: { item: itemIndex } })),
		(error, itemIndex) => [errorItem(error, itemIndex)],
	);
	return results.flat();
}

/** One output item per input item: the fields `handle` returns. */
export async function mapItems(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject>,
): Promise<INodeExecutionData[]> {
	return await outputItems(ctx, async (itemIndex) => [{ json: await handle(itemIndex) }]);
}

/** Operations that turn one item into several (a list): one output item per record. */
export async function flatMapItems(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	return await outputItems(ctx, async (itemIndex) =>
		(await handle(itemIndex)).map((json) => ({ json })),
	);
}

/** The one error item: what a failed input becomes under Continue On Fail, with what else we know. */
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
