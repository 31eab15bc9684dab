import type { IExecuteFunctions } from 'n8n-workflow';

/** How many records the user wants from a list: all (Infinity) or the Limit (fields/paging.ts). */
export function wantedCount(ctx: IExecuteFunctions, itemIndex: number): number {
	return ctx.getNodeParameter('returnAll', itemIndex, false)
		? Infinity
		: ctx.getNodeParameter('limit', itemIndex, 50);
}

/** The Cursor field's value, trimmed; undefined when empty (absent on saved workflows from before it existed). */
export function readCursor(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('cursor', itemIndex, '');
	const cursor = value === null || value === undefined ? '' : String(value).trim();
	return cursor === '' ? undefined : cursor;
}
