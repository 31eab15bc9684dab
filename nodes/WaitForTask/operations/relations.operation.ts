import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { mapItems } from '../../shared/item-loop';
import { getRelations } from '../../shared/unified-api';

const displayOptions = { show: { operation: ['relations'] } };

export const properties: INodeProperties[] = [
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		default: '={{ $json.orderId }}',
		required: true,
		description: 'The orderId of a draft (lists its finals) or of a final (returns its source draft)',
		displayOptions,
	},
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: true,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions,
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
	},
];

/** The service's page size bound for relations (spec: 1-50). */
const PAGE_SIZE = 50;

/**
 * One output item per input item: the relation with its finals, following nextCursor until all
 * (or `limit`) finals are read; nextCursor is kept when more remain.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const results = await mapItems(ctx, async (itemIndex) => {
		const orderId = String(ctx.getNodeParameter('orderId', itemIndex));
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex) as boolean;
		const wanted = returnAll ? Infinity : (ctx.getNodeParameter('limit', itemIndex) as number);
		let page: IDataObject = {};
		let cursor: string | undefined;
		const finals: IDataObject[] = [];
		do {
			const limit = Math.min(PAGE_SIZE, wanted - finals.length);
			page = await getRelations(ctx, { orderId, limit, cursor }, itemIndex);
			finals.push(...((page.finals as IDataObject[] | undefined) ?? []));
			cursor = (page.nextCursor as string | null | undefined) ?? undefined;
		} while (cursor && finals.length < wanted);
		return { ...page, finals, nextCursor: cursor ?? null };
	});
	return [results];
}
