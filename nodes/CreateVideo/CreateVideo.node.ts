import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { resolveBinaryMedia } from '../shared/assets/binary-placeholders';
import { RESUME_WEBHOOKS, resumeOnCallback } from '../shared/callback/wait-mode-webhook';
import { completionProperties } from '../shared/fields/completion';
import { batchOptions } from '../shared/fields/generation-options';
import { VIDEO_PARAMETER_NAMES, videoProperties } from '../shared/fields/video';
import { videoOptions } from '../shared/fields/video-options';
import { pickedSubtitle } from '../shared/fields/subtitle';
import { runCreate } from '../shared/create/run';
import { generationTasks } from '../shared/tasks';
import { checkVideoParameters } from './parameters';
import type { VideoParameters } from './parameters';
import { buildVideoRequest } from './request';

/** Parameters that become the request (named once, with the fields); batch and wait apply to the whole execution. */
const REQUEST_PARAMETERS = VIDEO_PARAMETER_NAMES;

export class CreateVideo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Create Video',
		name: 'createVideo',
		icon: { light: 'file:../../icons/createVideo.svg', dark: 'file:../../icons/createVideo.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: pickedSubtitle(videoProperties(), ['model', 'generationMode']),
		description: 'Create video generation tasks with the Unified Generation API (six models, every mode)',
		defaults: { name: 'Create Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		webhooks: RESUME_WEBHOOKS,
		properties: [...videoProperties(), videoOptions(), batchOptions(), ...completionProperties({ callback: true })],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const build = (itemIndex: number) => buildVideoRequest(readParameters(this, itemIndex));
		return await runCreate(this, generationTasks, build, undefined, resolveBinaryMedia);
	}

	/** The task's callback to this execution's resume URL (Wait for Completion: Until the Service Calls Back). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnCallback(this, generationTasks);
	}
}

/**
 * Reads only the fields the chosen model shows: n8n drops hidden ones, which stay undefined here.
 * What the request could not express is refused here, before anything is sent, like the rules'
 * refusals: the code first, the field in the description.
 */
function readParameters(ctx: IExecuteFunctions, itemIndex: number): VideoParameters {
	const parameters: Record<string, unknown> = {};
	for (const name of REQUEST_PARAMETERS) {
		// A fallback of undefined makes n8n throw for an absent parameter, hence null.
		parameters[name] = ctx.getNodeParameter(name, itemIndex, null) ?? undefined;
	}
	const read = parameters as VideoParameters;
	const fault = checkVideoParameters(read);
	if (fault) {
		throw new NodeOperationError(ctx.getNode(), `${fault.code}: ${fault.message}`, {
			itemIndex,
			description: `Field: ${fault.path}. Nothing was sent and no credits were spent.`,
		});
	}
	return read;
}
