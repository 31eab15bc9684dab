import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { IMAGE_MODELS } from '../shared/catalog';
import { readmeSection } from '../shared/fields/docs';
import { RESUME_WEBHOOKS } from '../shared/callback/resume-webhooks';
import { returnAtOnceHint } from '../shared/create/next-step';
import { completionProperties } from '../settings/completion';
import { batchOptions } from '../settings/batch';
import { imageProperties } from './resources/image/create.fields';
import { IMAGE_MODE_SHORT_NAMES } from './resources/image/names';
import { createSubtitle } from '../shared/fields/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import { simplifyField } from '../settings/simplify';
import { CREATE_TOOL_TERMS, readToolAnswer, toolDescriptionField } from '../settings/tool';
import { modelCount } from '../shared/fields/model-count';
import { runAsNodeOrTool } from '../shared/tool/aware';
// registers the node's words for its fields in errors (shared/errors/field-labels.ts)
import './field-labels';

export class CreateImage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Create Image',
		name: 'createImage',
		icon: {
			light: 'file:../../icons/createImage.svg',
			dark: 'file:../../icons/createImage.dark.svg',
		},
		group: ['transform'],
		documentationUrl: readmeSection('create-image'),
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: createSubtitle(imageProperties(), IMAGE_MODE_SHORT_NAMES),
		description: `Generate images from a prompt, or edit reference images, with the Unified Generation API (${modelCount(IMAGE_MODELS)}). One task per image; by default it waits for the image and downloads it.`,
		defaults: { name: 'Create Image' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		webhooks: RESUME_WEBHOOKS,
		hints: [returnAtOnceHint('generation')],
		properties: [
			toolDescriptionField(
				`Makes AI images from the prompt you write (a paid task). Pass only the prompt: the model, resolution and number of images are set in this tool. ${CREATE_TOOL_TERMS}`,
			),
			...imageProperties(),
			batchOptions(),
			...completionProperties({ callback: true, waitSince: 2, sendsMedia: true }),
			simplifyField(),
		],
	};

	/** The code behind it is loaded at the first run, not when n8n loads every node at start-up. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runAsNodeOrTool(
			this,
			async (ctx) => await (await import('./resources/image/create.operation')).execute(ctx),
			() => readToolAnswer(this),
			{ continueOnFail: this.continueOnFail() },
		);
	}

	/** The task's callback to this execution's resume URL (Wait for Completion: Until the Service Calls Back). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await (await import('./resources/image/create.operation')).webhook(this);
	}
}
