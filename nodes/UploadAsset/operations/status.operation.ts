import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assetStatus, withAssetUri } from '../../shared/assets/api';
import { mapItems } from '../../shared/item-loop';

export const assetIdField = (operation: string): INodeProperties => ({
	displayName: 'Asset ID',
	name: 'assetId',
	type: 'string',
	default: '={{ $json.assetId }}',
	required: true,
	description: 'The numeric assetId or the providerAssetId returned by the upload',
	displayOptions: { show: { operation: [operation] } },
});

export const properties: INodeProperties[] = [assetIdField('getStatus')];

/** The item's asset id, trimmed; an empty one is the user's to fix. */
export function readAssetId(ctx: IExecuteFunctions, itemIndex: number): string {
	const id = String(ctx.getNodeParameter('assetId', itemIndex, '') ?? '').trim();
	if (id) return id;
	throw new NodeOperationError(ctx.getNode(), 'Asset ID is empty', {
		itemIndex,
		description: 'Map the assetId (or providerAssetId) of the upload, for example {{ $json.assetId }}',
	});
}

/** Reads each item's asset once (the service checks the latest review result). */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [await mapItems(ctx, async (itemIndex) => withAssetUri(await assetStatus(ctx, readAssetId(ctx, itemIndex), itemIndex)))];
}
