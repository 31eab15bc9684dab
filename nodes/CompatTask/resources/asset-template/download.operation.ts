import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, errorItem } from '../../../shared/execution/item-loop';
import { downloadTemplate } from './download';

/** The template spreadsheet (GET /v1/assets/batch/template) in each item's binary data. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			const property = ctx.getNodeParameter('templateProperty', itemIndex) as string;
			const file = await downloadTemplate(ctx, itemIndex);
			const json = {
				fileName: file.fileName ?? null,
				mimeType: file.mimeType,
				columns: ['groupId', 'url', 'name'],
			};
			output.push({ json, binary: { [property]: file }, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			output.push(errorItem(error as Error, itemIndex));
		}
	}
	return [output];
}
