import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { IMAGE_MODEL_IDS, VIDEO_MODEL_IDS } from '../shared/catalog';
import { downloadSince } from '../settings/completion';
import { downloadProperties } from '../settings/wait';

/**
 * Every model alias of the Unified Generation API, § Model aliases, sorted, as options of the
 * Models filter. A plain code-unit sort: the ids are ASCII, and localeCompare's first call loads
 * ICU collation data (~10 ms of n8n's start-up).
 */
const MODEL_OPTIONS = [...VIDEO_MODEL_IDS, ...IMAGE_MODEL_IDS]
	.sort()
	.map((id) => ({ name: id, value: id }));

/** A filter whose options all start chosen, so a new trigger lets every finished task through. */
function allChosen(
	displayName: string,
	name: string,
	description: string,
	options: INodePropertyOptions[],
): INodeProperties {
	return {
		displayName,
		name,
		type: 'multiOptions',
		options,
		default: [...options.map((option) => option.value)],
		description,
	};
}

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Paste this node\'s Production URL followed by ?secret=&lt;your Secret&gt; into the Callback URL (Additional Options) of Create Video, Create Image or Upscale Video. While you click "Listen for test event", use the Test URL instead.',
		name: 'callbackNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Secret',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description:
			'A long random text of your choosing. The service signs nothing, so a call whose URL lacks ?secret=&lt;this&gt; is answered 401 or 403 and starts nothing.',
	},
	{
		displayName: 'Verify With API',
		name: 'verifyWithApi',
		type: 'boolean',
		default: true,
		description:
			"Whether to read the task again with the credential and output the service's state instead of the posted body. A task the credential cannot read (unknown, another account's) or that is not finished starts nothing.",
	},
	allChosen('Events', 'events', 'Which finished tasks start the workflow', [
		{
			name: 'Completed',
			value: 'succeeded',
			description: 'COMPLETED generation tasks, completed upscale tasks',
		},
		{
			name: 'Failed',
			value: 'failed',
			description: 'FAILED generation tasks, failed upscale tasks',
		},
	]),
	allChosen('Task Types', 'taskTypes', 'Which kinds of task start the workflow', [
		{
			name: 'Generation Task',
			value: 'generation',
			description: 'Video and image tasks (the queryTask shape)',
		},
		{
			name: 'Upscale Task',
			value: 'upscale',
			description: 'Standalone upscaling tasks (the upscale task shape)',
		},
	]),
	{
		displayName: 'Models',
		name: 'models',
		type: 'multiOptions',
		options: MODEL_OPTIONS,
		default: [],
		description:
			'Only generation tasks of these models start the workflow; none chosen lets every model through. Upscale tasks have no model and are not filtered by it.',
	},
	// Version 2 downloads the result files by default, as the Create nodes do.
	...downloadProperties().flatMap((property) => downloadSince(property, 2)),
];
