import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { readmeSection } from '../shared/fields/docs';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import * as credits from './resources/credits/get.fields';
import { runAsNodeOrTool } from '../shared/tool/aware';
import { readToolAnswer, toolDescriptionField } from '../settings/tool';

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
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: 'Credit balance',
		description:
			"Read the credit balance of the Unified Generation API (the same provider's Task-Compatible Video API balance: Compat Task → Balance → Get)",
		defaults: { name: 'Get Credits' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// One credential per node (n8n's single-credential-per-node rule): the compat balance is Compat Task's.
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		properties: [
			toolDescriptionField(
				"Reads the account's credit balance (free): answers with credits and availableCredits. Call it before an expensive request to tell the user what is left.",
			),
			...credits.description,
		],
	};

	/** The code behind it is loaded at the first run, not when n8n loads every node at start-up. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runAsNodeOrTool(
			this,
			async (ctx) => await (await import('./resources/credits/get.operation')).execute(ctx),
			() => readToolAnswer(this),
			{ continueOnFail: this.continueOnFail() },
		);
	}
}
