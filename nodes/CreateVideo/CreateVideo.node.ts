import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { VIDEO_MODELS } from '../shared/catalog';
import { readmeSection } from '../shared/fields/docs';
import { RESUME_WEBHOOKS } from '../shared/callback/resume-webhooks';
import { returnAtOnceHint } from '../shared/create/next-step';
import { completionProperties } from '../settings/completion';
import { batchOptions } from '../settings/batch';
import { videoProperties } from './resources/video/create.fields';
import { videoOptionsByVersion } from './resources/video/options.fields';
import { MODE_SHORT_NAMES } from './resources/video/modes';
import { createSubtitle } from '../shared/fields/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import { simplifyField } from '../settings/simplify';
import { CREATE_TOOL_TERMS, readToolAnswer, toolDescriptionField } from '../settings/tool';
import { modelCount } from '../shared/fields/model-count';
import { runAsNodeOrTool } from '../shared/tool/aware';
// registers the node's words for its fields in errors (shared/errors/field-labels.ts)
import './field-labels';

export class CreateVideo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Create Video',
		name: 'createVideo',
		icon: {
			light: 'file:../../icons/createVideo.svg',
			dark: 'file:../../icons/createVideo.dark.svg',
		},
		group: ['transform'],
		documentationUrl: readmeSection('create-video'),
		// 2: waits and downloads by default, Simplify, alt models list one automatic ratio
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: createSubtitle(videoProperties(), MODE_SHORT_NAMES),
		description: `Create video generation tasks with the Unified Generation API (${modelCount(VIDEO_MODELS)}, every mode)`,
		defaults: { name: 'Create Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		webhooks: RESUME_WEBHOOKS,
		hints: [returnAtOnceHint('generation')],
		properties: [
			toolDescriptionField(
				`Makes one AI video from the prompt you write (a paid task). Pass only the prompt: the model, length and resolution are set in this tool. ${CREATE_TOOL_TERMS}`,
			),
			...videoProperties(),
			...videoOptionsByVersion(),
			batchOptions(),
			...completionProperties({ callback: true, waitSince: 2, sendsMedia: true }),
			simplifyField(),
		],
	};

	/** The code behind it is loaded at the first run, not when n8n loads every node at start-up. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runAsNodeOrTool(
			this,
			async (ctx) => await (await import('./resources/video/create.operation')).execute(ctx),
			() => readToolAnswer(this),
			{ continueOnFail: this.continueOnFail() },
		);
	}

	/** The task's callback to this execution's resume URL (Wait for Completion: Until the Service Calls Back). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await (await import('./resources/video/create.operation')).webhook(this);
	}
}
