import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { assetStatus, withAssetUri } from '../../../shared/transport/unified-asset-api';
import { mapItems } from '../../../shared/execution/item-loop';
import { readAssetId } from './asset-id';

/** Reads each item's asset once (the service checks the latest review result). */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(ctx, async (itemIndex) =>
			withAssetUri(await assetStatus(ctx, readAssetId(ctx, itemIndex), itemIndex)),
		),
	];
}
