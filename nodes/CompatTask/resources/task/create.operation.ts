import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { runCreate } from '../../../shared/create/run';
import { completionProperties } from '../../../shared/fields/completion';
import { batchOptions } from '../../../shared/fields/generation-options';
import { compatTasks } from '../../../shared/tasks';
import { COMPAT_POLL } from '../../../shared/tasks/compat';
import { compatWaitFields } from '../../helpers/wait-fields';
import { buildContent, mediaRowsOf, readBinaryUrls } from './content';
import { mediaField, optionsField } from './create.fields';

const displayOptions = { show: { resource: ['task'], operation: ['create'] } };

const batch = batchOptions();

export const properties: INodeProperties[] = [
	{
		displayName: 'Model',
		name: 'model',
		type: 'options',
		options: [
			...COMPAT.models.map(({ name, value, description }) => ({ name: `${name} (${value})`, value, description })),
			{ name: 'Other Model ID', value: 'custom', description: 'Any model ID the service accepts' },
		],
		default: 'custom',
		displayOptions,
	},
	{
		displayName: 'Model ID',
		name: 'customModel',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. video-2-0-260128',
		displayOptions: { show: { ...displayOptions.show, model: ['custom'] } },
	},
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: 'Sent as the text item of content; leave empty for media only',
		displayOptions,
	},
	mediaField(displayOptions),
	optionsField(displayOptions),
	// The compat API shows no price, so a budget in credits could not be applied: it is left out.
	{ ...batch, displayOptions, options: batch.options?.filter((option) => option.name !== 'budget') },
	...compatWaitFields(completionProperties(), displayOptions),
];

interface CreateOptions {
	automaticDuration?: boolean;
	duration?: number;
	generateAudio?: boolean;
	ratio?: string;
	resolution?: string;
	watermark?: boolean;
	webSearch?: boolean;
}

/** Only the options the user added are sent: the service's defaults apply to the rest. */
function optionsBody(options: CreateOptions): IDataObject {
	const body: IDataObject = {};
	if (options.automaticDuration) body.duration = COMPAT.duration.smart;
	else if (options.duration !== undefined) body.duration = options.duration;
	if (options.ratio !== undefined) body.ratio = options.ratio;
	if (options.resolution !== undefined) body.resolution = options.resolution;
	if (options.generateAudio !== undefined) body.generate_audio = options.generateAudio;
	if (options.webSearch) body.tools = [{ type: 'web_search' }];
	if (options.watermark !== undefined) body.watermark = options.watermark;
	return body;
}

function buildRequest(ctx: IExecuteFunctions, itemIndex: number, binaryUrls: Map<number, string> | Error): IDataObject {
	if (binaryUrls instanceof Error) throw binaryUrls;
	const chosen = ctx.getNodeParameter('model', itemIndex) as string;
	const model = chosen === 'custom' ? String(ctx.getNodeParameter('customModel', itemIndex, '')).trim() : chosen;
	const prompt = String(ctx.getNodeParameter('prompt', itemIndex, '') ?? '');
	const content = buildContent(prompt, mediaRowsOf(ctx, itemIndex), binaryUrls);
	const options = ctx.getNodeParameter('options', itemIndex, {}) as CreateOptions;
	return { model, content, ...optionsBody(options) };
}

/** Binary images are read first (reading is async; the request builder is not): a failure is that item's. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const binaryUrls: Array<Map<number, string> | Error> = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		binaryUrls.push(await readBinaryUrls(ctx, itemIndex, mediaRowsOf(ctx, itemIndex)).catch((error: Error) => error));
	}
	return await runCreate(ctx, compatTasks, (itemIndex) => buildRequest(ctx, itemIndex, binaryUrls[itemIndex]), COMPAT_POLL);
}
