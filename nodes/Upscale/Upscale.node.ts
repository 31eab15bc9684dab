import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { readmeSection } from '../shared/fields/docs';
import { RESUME_WEBHOOKS } from '../shared/callback/resume-webhooks';
import { returnAtOnceHint } from '../shared/create/next-step';
import { completionProperties } from '../settings/completion';
import { batchOptions } from '../settings/batch';
import { simplifyField } from '../settings/simplify';
import { pickedSubtitle } from '../shared/fields/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import { upscaleProperties } from './resources/video/upscale.fields';
import { runAsNodeOrTool } from '../shared/tool/aware';
import { CREATE_TOOL_TERMS, readToolAnswer, toolDescriptionField } from '../settings/tool';
// registers the node's words for its fields in errors (shared/errors/field-labels.ts)
import './field-labels';

export class Upscale implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Upscale Video',
		name: 'upscale',
		icon: { light: 'file:../../icons/upscale.svg', dark: 'file:../../icons/upscale.dark.svg' },
		group: ['transform'],
		documentationUrl: readmeSection('upscale-video'),
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: pickedSubtitle(upscaleProperties, ['targetResolution'], {
			prefix: 'to ',
			idsOnly: true,
		}),
		description: 'Create standalone video upscaling tasks with the Unified Generation API',
		defaults: { name: 'Upscale Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		webhooks: RESUME_WEBHOOKS,
		hints: [returnAtOnceHint('upscale')],
		properties: [
			toolDescriptionField(
				`Upscales one video (a paid task): pass the https URL of the video, e.g. a resultUrl another tool answered with. The target resolution is set in this tool. ${CREATE_TOOL_TERMS}`,
			),
			...upscaleProperties,
			batchOptions(),
			...completionProperties({ callback: true, waitSince: 2 }),
			simplifyField(),
		],
	};

	// The code behind these is loaded at its first use, not when n8n loads every node at start-up.
	methods = {
		listSearch: {
			async searchVideoAssets(
				this: ILoadOptionsFunctions,
				filter?: string,
				paginationToken?: string,
			): Promise<INodeListSearchResult> {
				return await (
					await import('./methods/list-search')
				).searchVideoAssets.call(this, filter, paginationToken);
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runAsNodeOrTool(
			this,
			async (ctx) => await (await import('./resources/video/upscale.operation')).execute(ctx),
			() => readToolAnswer(this),
			{ continueOnFail: this.continueOnFail() },
		);
	}

	/** The task's callback to this execution's resume URL (Wait for Completion: Until the Service Calls Back). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await (await import('./resources/video/upscale.operation')).webhook(this);
	}
}
