import type { INodeProperties } from 'n8n-workflow';

import { skipOptions } from '../dedupe/fields';

/**
 * Options every Create node shares: the webhook, and the batch controls (budget, concurrency).
 * The budget is checked against the catalog's price estimate before anything is sent.
 */
export const callBackUrlOption: INodeProperties = {
	displayName: 'Callback URL',
	name: 'callBackUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/webhook',
	description:
		"The service POSTs the finished task here (use the Task Finished Trigger node's URL to start another workflow)",
};

/**
 * Batch Options' cap over every execution of the workflow (../create/daily-cap.ts): in credits, or
 * in tasks where the API shows no price (Compat Task). Off (0) on every version: a figure picked
 * for the user would refuse a new user's first batches at a number they never chose.
 */
function dailyCapOption(unit: 'credits' | 'tasks'): INodeProperties {
	const credits = unit === 'credits';
	return {
		displayName: credits ? 'Daily Credit Cap' : 'Daily Task Cap',
		name: credits ? 'dailyCreditCap' : 'dailyTaskCap',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: `Most ${unit} this node may spend per day over every execution of this workflow (a flooded form, a runaway schedule, an agent calling again and again). Items that would pass it are refused before anything is sent; the day resets at midnight in the workflow's timezone. 0 means no cap.`,
	};
}

export function batchOptions(capUnit: 'credits' | 'tasks' = 'credits'): INodeProperties {
	return {
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description:
			'Limits for the whole execution (a credit budget, parallel requests, a time limit per request) and skipping the items an earlier run created',
		options: [
			{
				displayName: 'Budget (Credits)',
				name: 'budget',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Most credits this execution may spend; items whose estimate would pass it are refused before anything is sent. 0 means no budget.',
			},
			dailyCapOption(capUnit),
			skipOptions.forget,
			{
				displayName: 'Parallel Submissions',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 20 },
				default: 4,
				description: 'How many create requests may be in flight at once',
			},
			{
				displayName: 'Request Timeout (Seconds)',
				name: 'requestTimeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60,
				description:
					'Longest time one create request may take, answer included. A create without a clear answer may still have created a task, so the batch then stops sending.',
			},
			...skipOptions.skip,
		],
	};
}

/**
 * A Create node's model selector: the catalog's models with their descriptions, each named with its
 * API id too ("SD 2 Pro (sd2)"), the id the docs and the service's error messages use.
 */
export function modelSelector(
	models: ReadonlyArray<{ id: string; name: string; description: string }>,
	preset: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: 'Model',
		name: 'model',
		type: 'options',
		noDataExpression: true,
		options: models.map(({ id, name, description }) => ({
			name: `${name} (${id})`,
			value: id,
			description,
		})),
		default: preset,
		description: 'The model to generate with; the fields below show what it accepts',
		...extra,
	};
}

/** A Create node's "Additional Options" collection. */
export function additionalOptions(name: string, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Options',
		name,
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: "Settings most tasks leave at the service's defaults",
		options,
	};
}

/** A Create node's Generation Mode selector. */
export function modeSelector(
	modes: Array<{ value: string; name: string; description: string }>,
	preset: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: 'Generation Mode',
		name: 'generationMode',
		type: 'options',
		noDataExpression: true,
		options: modes,
		default: preset,
		description:
			'What to generate from: a prompt alone, images, or videos; the fields below follow the mode',
		...extra,
	};
}

/** A Create node's Prompt field, with an example of a prompt that works as its placeholder. */
export function promptProperty(
	description: string,
	placeholder: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder,
		description,
		...extra,
	};
}

/** What a tool's model is asked for (fields/tool.ts): the prompt, in its words. */
export const VIDEO_PROMPT_FOR_MODEL =
	'What the video shows, in one to three plain sentences: subject, action, setting, camera and light. Write it from what the user asked for.';
export const IMAGE_PROMPT_FOR_MODEL =
	'What the image shows, in one to three plain sentences: subject, setting, style and light. Write it from what the user asked for.';

export const VIDEO_PROMPT_EXAMPLE =
	'e.g. A red kite rises over a stormy sea at dusk, slow camera pan, cinematic light';
