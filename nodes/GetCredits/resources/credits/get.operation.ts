import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { mapItems } from '../../../shared/execution/item-loop';
import { getCredits } from '../../../shared/transport/unified-api';

/** Get Credits' run: the unified balance per item. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	refuseCompatBalance(ctx);
	const results = await mapItems(ctx, async (itemIndex) => {
		const { credits, availableCredits } = await getCredits(ctx, itemIndex);
		return { credits, availableCredits };
	});
	return [results];
}

/**
 * Version 1 could also read the compat balance, with a second credential; n8n now allows one
 * credential per node. A saved node that asks for it stops with the fix rather than leaving
 * compatBalance out of its items, where a balance check downstream would read nothing.
 */
function refuseCompatBalance(ctx: IExecuteFunctions): void {
	if (ctx.getNode().typeVersion !== 1) return;
	const asked = ctx.getInputData().some((_, itemIndex) => {
		return ctx.getNodeParameter('includeCompatBalance', itemIndex, false) === true;
	});
	if (!asked) return;
	throw new NodeOperationError(
		ctx.getNode(),
		'Include Task-Compatible Balance is no longer supported: n8n allows one credential per node',
		{
			description:
				"Turn Include Task-Compatible Balance off (this node then reads the credits), and read the Task-Compatible Video API's balance with Compat Task → Balance → Get. Nothing was read.",
		},
	);
}
