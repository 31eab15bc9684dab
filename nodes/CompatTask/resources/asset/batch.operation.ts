import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { batchAssets } from '../../../shared/compat-api';
import { mapItems } from '../../../shared/item-loop';
import { batchFromItems } from './batch-items';

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	if (ctx.getNodeParameter('source', 0) === 'items') return [await batchFromItems(ctx)];
	return [await mapItems(ctx, async (itemIndex) => await batchAssets(ctx, await spreadsheetForm(ctx, itemIndex), itemIndex))];
}

/** A multipart form with the item's spreadsheet in field `file` (spec: POST /v1/assets/batch). */
async function spreadsheetForm(ctx: IExecuteFunctions, itemIndex: number): Promise<FormData> {
	const property = ctx.getNodeParameter('spreadsheetProperty', itemIndex) as string;
	const binary = ctx.getInputData()[itemIndex].binary?.[property];
	if (!binary) {
		throw new NodeOperationError(ctx.getNode(), `The input item has no binary field "${property}"`, {
			itemIndex,
			description: 'Put the spreadsheet in that field (for example with Read/Write Files from Disk) or change the field name. Nothing was sent.',
		});
	}
	const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(bytes)], { type: binary.mimeType }), binary.fileName ?? 'assets.xlsx');
	return form;
}
