import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { resolveBinaryMedia } from '../shared/assets/binary-placeholders';
import { mapTimedOutItem } from '../shared/callback/wait-mode';
import { RESUME_WEBHOOKS, resumeOnCallback } from '../shared/callback/wait-mode-webhook';
import { runCreate } from '../shared/create/run';
import { completionProperties } from '../shared/fields/completion';
import { batchOptions } from '../shared/fields/generation-options';
import { imageProperties } from '../shared/fields/image';
import { generationTasks } from '../shared/tasks';
import { withImageFields } from './output';
import { readImageParameters } from './parameters';
import { buildImageRequests } from './request';

export class CreateImage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Create Image',
		name: 'createImage',
		icon: { light: 'file:../../icons/createImage.svg', dark: 'file:../../icons/createImage.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["model"] + ": " + $parameter["generationMode"] }}',
		description:
			'Generate images from a prompt, or edit reference images, with the Unified Generation API (seven models). One task per image; set Wait for Completion to get the image itself.',
		defaults: { name: 'Create Image' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		webhooks: RESUME_WEBHOOKS,
		properties: [...imageProperties(), batchOptions(), ...completionProperties({ callback: true })],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const build = (itemIndex: number) => buildImageRequests(readImageParameters(this, itemIndex));
		const output = await runCreate(this, generationTasks, build, undefined, resolveBinaryMedia);
		mapTimedOutItem(this, withImageFields);
		return output.map((items) => items.map(withImageFields));
	}

	/** The task's callback to this execution's resume URL (Wait for Completion: Until the Service Calls Back). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnCallback(this, generationTasks, withImageFields);
	}
}
