import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Return All / Limit for a list operation, shown where `show` says (n8n's usual pair of fields). */
export function returnAllFields(show: NonNullable<IDisplayOptions['show']>): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
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
