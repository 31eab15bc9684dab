import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { getAsset } from '../../../shared/transport/compat-api';
import { mapItems } from '../../../shared/execution/item-loop';
import { readLocator } from '../../helpers/locators';

/** Reads each asset; for a Processing asset the service synchronizes its latest review status. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(
			ctx,
			async (itemIndex) => await getAsset(ctx, readLocator(ctx, 'assetId', itemIndex), itemIndex),
		),
	];
}
