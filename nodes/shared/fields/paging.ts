import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Return All / Limit for a list operation, shown where `show` says (n8n's usual pair of fields). */
export function returnAllFields(show: NonNullable<IDisplayOptions['show']>, returnAllByDefault = false): INodeProperties[] {
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

/** How many records the user wants from a list: all (Infinity) or the Limit. */
export function wantedCount(ctx: IExecuteFunctions, itemIndex: number): number {
	return ctx.getNodeParameter('returnAll', itemIndex, false) ? Infinity : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
}
