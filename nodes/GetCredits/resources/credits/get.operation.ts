import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { getBalance } from '../../../shared/transport/compat-api';
import { mapItems } from '../../../shared/execution/item-loop';
import { getCredits } from '../../../shared/transport/unified-api';

/** Get Credits' run: the unified balance per item, and the compat balance when asked. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const results = await mapItems(ctx, async (itemIndex) => {
		const { credits, availableCredits } = await getCredits(ctx, itemIndex);
		const output: IDataObject = { credits, availableCredits };
		if (ctx.getNodeParameter('includeCompatBalance', itemIndex) as boolean) {
			const { balance, markupRate } = await getBalance(ctx, itemIndex);
			output.compatBalance = balance;
			output.compatMarkupRate = markupRate;
		}
		return output;
	});
	return [results];
}
