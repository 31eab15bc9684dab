import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { deleteAsset } from '../../../shared/transport/compat-api';
import { mapItems } from '../../../shared/execution/item-loop';
import { readLocator } from '../../helpers/locators';

/**
 * Soft-deletes each asset: no new task may use it, submitted tasks are unaffected. The answer's
 * shape is "not shown": the output is `{officialId, deleted: true}` plus whatever object it sent.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(ctx, async (itemIndex) => {
			const officialId = readLocator(ctx, 'assetId', itemIndex);
			const answer = await deleteAsset(ctx, officialId, itemIndex);
			const fields =
				answer && typeof answer === 'object' && !Array.isArray(answer)
					? (answer as IDataObject)
					: {};
			return { ...fields, officialId, deleted: true };
		}),
	];
}
