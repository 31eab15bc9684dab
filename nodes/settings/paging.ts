import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Paging of list operations: its fields (Return All, Limit, Cursor) and their readers, in one place. */

/** Return All / Limit for a list operation, shown where `show` says (n8n's usual pair of fields). */
export function returnAllFields(
	show: NonNullable<IDisplayOptions['show']>,
	returnAllByDefault = false,
): INodeProperties[] {
	const returnAll: INodeProperties = {
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show },
	};
	return [
		returnAllByDefault ? { ...returnAll, default: true } : returnAll,
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/**
 * Where a list starts: the nextCursor an earlier page returned (`cursor` of the Unified Generation
 * API, § GET /assets/list and § GET /jobs/relations), or the first page.
 */
export function cursorField(show: NonNullable<IDisplayOptions['show']>): INodeProperties {
	return {
		displayName: 'Cursor',
		name: 'cursor',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.nextCursor }}',
		description:
			'Start after the page that returned this nextCursor; leave empty to start from the first page',
		displayOptions: { show },
	};
}

/** How many records the user wants from a list: all (Infinity) or the Limit. */
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
