// The generation fields three nodes share (Create Video, Create Image, Compat Task's Create):
// model, mode, prompt, Additional Options and the Callback URL; each node reads them in its own
// request builder, so this file holds their definitions only.
import type { INodeProperties } from 'n8n-workflow';

/** The Callback URL option of the Create nodes' Additional Options. */
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
