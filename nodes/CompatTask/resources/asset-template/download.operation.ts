import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { outputItems } from '../../../shared/execution/item-loop';
import { downloadTemplate } from './download';

/** The template spreadsheet (GET /v1/assets/batch/template) in each item's binary data. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const output = await outputItems(ctx, async (itemIndex) => {
		const property = ctx.getNodeParameter('templateProperty', itemIndex) as string;
		const file = await downloadTemplate(ctx, itemIndex);
		const json = {
			fileName: file.fileName ?? null,
			mimeType: file.mimeType,
			columns: ['groupId', 'url', 'name'],
		};
		return [{ json, binary: { [property]: file } }];
	});
	return [output];
}
