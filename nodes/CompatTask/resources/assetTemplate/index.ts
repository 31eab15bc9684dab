import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { asNodeError, errorItem } from '../../../shared/item-loop';
import { downloadTemplate } from './download';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['assetTemplate'] } },
		options: [
			{
				name: 'Download',
				value: 'download',
				action: 'Download the batch template',
				description: 'Download the spreadsheet template for Batch Create into binary data',
			},
		],
		default: 'download',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'templateProperty',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { resource: ['assetTemplate'] } },
	},
];

/** The template spreadsheet (GET /v1/assets/batch/template) in each item's binary data. */
async function download(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			const property = ctx.getNodeParameter('templateProperty', itemIndex) as string;
			const file = await downloadTemplate(ctx, itemIndex);
			const json = { fileName: file.fileName ?? null, mimeType: file.mimeType, columns: ['groupId', 'url', 'name'] };
			output.push({ json, binary: { [property]: file }, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error as Error, itemIndex);
			output.push(errorItem(error as Error, itemIndex));
		}
	}
	return [output];
}

export const operations = { download: { execute: download } };
