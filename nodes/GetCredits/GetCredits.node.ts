import { NodeConnectionTypes } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { getBalance } from '../shared/compat-api';
import { mapItems } from '../shared/item-loop';
import { getCredits } from '../shared/unified-api';

export class GetCredits implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Get Credits',
		name: 'getCredits',
		icon: { light: 'file:../../icons/getCredits.svg', dark: 'file:../../icons/getCredits.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: 'Credit balance',
		description: 'Read the credit balance of the Unified Generation API, and optionally the Task-Compatible Video API balance',
		defaults: { name: 'Get Credits' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'unifiedGenerationApi', required: true },
			{
				name: 'compatVideoApi',
				required: true,
				displayOptions: { show: { includeCompatBalance: [true] } },
			},
		],
		properties: [
			{
				displayName: 'Include Task-Compatible Balance',
				name: 'includeCompatBalance',
				type: 'boolean',
				default: false,
				description:
					'Whether to also read the balance and markup rate of the Task-Compatible Video API (needs its credential)',
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const results = await mapItems(this, async (itemIndex) => {
			const { credits, availableCredits } = await getCredits(this, itemIndex);
			const output: IDataObject = { credits, availableCredits };
			if (this.getNodeParameter('includeCompatBalance', itemIndex) as boolean) {
				const { balance, markupRate } = await getBalance(this, itemIndex);
				output.compatBalance = balance;
				output.compatMarkupRate = markupRate;
			}
			return output;
		});
		return [results];
	}
}
