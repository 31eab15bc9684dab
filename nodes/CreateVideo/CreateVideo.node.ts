import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { completionProperties } from '../shared/fields/completion';
import { batchOptions } from '../shared/fields/generation-options';
import { videoProperties } from '../shared/fields/video';
import { videoOptions } from '../shared/fields/video-options';
import { runGeneration } from '../shared/generation/run';
import { buildVideoRequest } from './request';
import type { VideoParameters } from './request';

/** Parameters that become the request; the rest (batch, wait) apply to the whole execution. */
const REQUEST_PARAMETERS = [
	'generationMode',
	'prompt',
	'firstFrameUrl',
	'lastFrameUrl',
	'urls',
	'videoUrls',
	'audioUrls',
	'sourceFrameTimestamps',
	'draft',
	'draftSourceOrderId',
	'duration',
	'aspect',
	'referenceAspect',
	'outputResolution',
	'additionalOptions',
] as const;

export class CreateVideo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Create Video',
		name: 'createVideo',
		icon: { light: 'file:../../icons/unified.svg', dark: 'file:../../icons/unified.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["model"] + ": " + $parameter["generationMode"] }}',
		description: 'Create video generation tasks with the Unified Generation API (six models, every mode)',
		defaults: { name: 'Create Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		properties: [...videoProperties(), videoOptions(), batchOptions(), ...completionProperties()],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runGeneration(this, (itemIndex) => buildVideoRequest(readParameters(this, itemIndex)));
	}
}

/** Reads only the fields the chosen model shows: n8n drops hidden ones, which stay undefined here. */
function readParameters(ctx: IExecuteFunctions, itemIndex: number): VideoParameters {
	const parameters: Record<string, unknown> = { model: ctx.getNodeParameter('model', itemIndex) };
	for (const name of REQUEST_PARAMETERS) {
		// A fallback of undefined makes n8n throw for an absent parameter, hence null.
		parameters[name] = ctx.getNodeParameter(name, itemIndex, null) ?? undefined;
	}
	return parameters as unknown as VideoParameters;
}
