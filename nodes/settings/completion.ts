import type { INodeProperties } from 'n8n-workflow';

import { inTools, inWorkflows } from '../shared/fields/tool';
import { toolCapFields } from './tool';
import { newDefault } from '../shared/fields/versions';
import { allowPrivateHostsField, downloadProperties, waitProperties } from './wait';

const RETURN_AT_ONCE = {
	name: 'Return at Once',
	value: 'none',
	description:
		'Output the taskId and orderId as soon as each task is created; read the result later with Wait For Task or a Task Finished Trigger',
};

/**
 * Only for tasks that can call back (generation and upscale; the compat API shows no callbacks).
 * A task's callBackUrl is fixed when it is created, so Wait For Task cannot offer this choice.
 */
const UNTIL_CALLBACK = {
	name: 'Until the Service Calls Back',
	value: 'callback',
	description:
		'The execution pauses until every task has called back, then outputs their final states (no polling; survives an n8n restart)',
};

/** Listed first (before Return at Once and the callback's longer text): the choice most workflows want. */
const WAIT = {
	name: 'Wait',
	value: 'wait',
	description: 'Wait for all tasks of this execution together (polling), then output their results',
};

/** In a tool: waits up to Wait in One Call, then answers with every task's state (an agent's call cannot pause). */
const TOOL_WAIT = {
	name: 'Wait',
	value: 'wait',
	description:
		"Wait up to Wait in One Call for the tasks, then answer with each task's state and result URL",
};

/** A tool's choice: no callback (n8n cannot pause a tool call), waiting by default. */
const toolSelector = () => inTools({ ...selector([TOOL_WAIT, RETURN_AT_ONCE]), default: 'wait' });

/**
 * The Create nodes' choice to return at once or wait for the tasks (then optionally download),
 * and their tool variant's credit caps (./tool.ts; `caps: false` where no price is known).
 * `waitSince`: from this node version on, a new node waits and downloads the result by default, as
 * n8n's own video and image nodes return the media; older versions keep returning at once.
 */
export function completionProperties(
	options: { callback?: boolean; waitSince?: number; caps?: boolean; sendsMedia?: boolean } = {},
): INodeProperties[] {
	const since = options.waitSince;
	const caps = options.caps === false ? [] : toolCapFields;
	const select = (choices: INodeProperties['options']) => [
		...(since ? newDefault(selector(choices), WAIT.value, since) : [selector(choices)]).map(
			inWorkflows,
		),
		toolSelector(),
	];
	// a node that hands the service media URLs shows Allow Private File Hosts whether it downloads or not
	const sends = options.sendsMedia ? [allowPrivateHostsField(undefined, 'both')] : [];
	const download = (property: INodeProperties) =>
		sends.length > 0 && property.name === 'allowPrivateHosts' ? [] : downloadSince(property, since);
	if (!options.callback) {
		return [
			...select([WAIT, RETURN_AT_ONCE]),
			...waitProperties({ show: { waitForCompletion: ['wait'] } }).flatMap(download),
			...caps,
			...sends,
		];
	}
	const waiting = { show: { waitForCompletion: ['callback', 'wait'] } };
	return [
		...select([WAIT, RETURN_AT_ONCE, UNTIL_CALLBACK]),
		...downloadProperties(waiting).flatMap(download),
		...waitProperties({ show: { waitForCompletion: ['wait'] } }).filter((property) =>
			['waitOptions', 'waitProgressNotice', 'toolWaitSeconds'].includes(property.name),
		),
		...caps,
		...sends,
		{
			displayName: 'Timeout (Minutes)',
			name: 'callbackTimeoutMinutes',
			type: 'number',
			typeOptions: { minValue: 0.01, numberPrecision: 2 },
			default: 60,
			description:
				'How long the execution waits for the callback. Then it goes on with the task as created, outcome "timedOut" and no status request: read it later with Wait For Task.',
			displayOptions: { show: { waitForCompletion: ['callback'] } },
		},
		{
			displayName:
				"The execution waits for its tasks' callbacks at its own resume URL, set as each task's Callback URL (so Additional Options → Callback URL must stay empty). It continues once every task has finished, each item with its task's final state and \"outcome\". The service must reach n8n's webhook URL.",
			name: 'callbackNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { waitForCompletion: ['callback'] } },
		},
	];
}

function selector(options: INodeProperties['options']): INodeProperties {
	return {
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'options',
		noDataExpression: true,
		options,
		default: 'none',
		description:
			'Whether the node outputs each task as soon as it is created, or waits for it to finish (and can download its files)',
	};
}

/** The workflow node's Download field with `true` as its default from `since` on (other fields, the tool's too, as they are). */
export function downloadSince(property: INodeProperties, since?: number): INodeProperties[] {
	const forTools = property.displayOptions?.show?.['@tool']?.[0] === true;
	return since && property.name === 'download' && !forTools
		? newDefault(property, true, since)
		: [property];
}
