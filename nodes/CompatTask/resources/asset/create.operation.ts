import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { createAsset } from '../../../shared/compat-api';
import { mapItems } from '../../../shared/item-loop';
import { validateCompatAsset } from '../../../shared/rules';
import { assertVerdict } from '../../helpers/verdict';
import { readEntry } from './entry';

/** One asset per item; it starts in review (Processing): use Wait for Review before using it in a task. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(ctx, async (itemIndex) => {
			const entry = readEntry(ctx, itemIndex);
			assertVerdict(ctx, validateCompatAsset(entry), itemIndex);
			return await createAsset(ctx, entry, itemIndex);
		}),
	];
}
