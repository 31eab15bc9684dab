import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { RESUME_WEBHOOKS, resumeOnCallback } from '../shared/callback/wait-mode-webhook';
import { runCreate } from '../shared/create/run';
import { completionProperties } from '../shared/fields/completion';
import { batchOptions } from '../shared/fields/generation-options';
import { upscaleTasks } from '../shared/tasks';
import { upscaleProperties } from './fields';
import { searchVideoAssets } from './list-search';
import { buildUpscaleRequest, resolveSources } from './source';

export class Upscale implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Upscale Video',
		name: 'upscale',
		icon: { light: 'file:../../icons/upscale.svg', dark: 'file:../../icons/upscale.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ "to " + $parameter["targetResolution"] }}',
		description: 'Create standalone video upscaling tasks with the Unified Generation API',
		defaults: { name: 'Upscale Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		webhooks: RESUME_WEBHOOKS,
		properties: [...upscaleProperties, batchOptions(), ...completionProperties({ callback: true })],
	};

	methods = { listSearch: { searchVideoAssets } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runCreate(this, upscaleTasks, (itemIndex) => buildUpscaleRequest(this, itemIndex), undefined, resolveSources);
	}

	/** The task's callback to this execution's resume URL (Wait for Completion: Until the Service Calls Back). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnCallback(this, upscaleTasks);
	}
}
