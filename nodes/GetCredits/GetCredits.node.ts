import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { readmeSection } from '../shared/fields/docs';

export class GetCredits implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Get Credits',
		name: 'getCredits',
		icon: {
			light: 'file:../../icons/getCredits.svg',
			dark: 'file:../../icons/getCredits.dark.svg',
		},
		group: ['input'],
		documentationUrl: readmeSection('get-credits'),
		version: 1,
		subtitle: 'Credit balance',
		description:
			'Read the credit balance of the Unified Generation API, and optionally the Task-Compatible Video API balance',
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
					'Whether to also read the balance and markup rate of the Task-Compatible Video API. Needs a Task-Compatible Video API credential, chosen in the credential field that appears when this is on.',
			},
			{
				// n8n fills in a credential by itself only while a node has none: the Unified one is already
				// set when this switch shows the second field, so that field starts empty and needs a choice.
				displayName:
					'Choose your Task-Compatible Video API credential in the field above: n8n fills in only the first credential of a node by itself. Compat Task → Balance → Get reads this balance on its own.',
				name: 'compatCredentialNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { includeCompatBalance: [true] } },
			},
		],
	};

	/** The code behind it is loaded at the first run, not when n8n loads every node at start-up. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await (await import('./resources/credits/get.operation')).execute(this);
	}
}
