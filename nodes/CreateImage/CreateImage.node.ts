import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { resolveBinaryMedia } from '../shared/assets/binary-placeholders';
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
		properties: [...imageProperties(), batchOptions(), ...completionProperties()],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const build = (itemIndex: number) => buildImageRequests(readImageParameters(this, itemIndex));
		const output = await runCreate(this, generationTasks, build, undefined, resolveBinaryMedia);
		return output.map((items) => items.map(withImageFields));
	}
}
