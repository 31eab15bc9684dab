import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../settings/ids';
import { chosenByModel } from '../../../shared/fields/tool';
import { newDefault } from '../../../shared/fields/versions';

/**
 * The Task ID field of Get and Wait: the id the create returned (a tool's model gives it). By default
 * `{{ $json.id }}` on version 1; on version 2 Simplify names it `taskId` (off: `id`), so both are read.
 */
export function taskIdFields(): INodeProperties[] {
	const [inWorkflows, inTools] = chosenByModel(
		{
			displayName: 'Task ID',
			name: 'taskId',
			type: 'string',
			default: '={{ $json.id }}',
			required: true,
			description: 'The ID returned when the task was created',
		},
		'taskId',
		'The taskId that a Compat Task tool call (Task → Create) answered with',
	);
	return [...newDefault(inWorkflows, '={{ $json.taskId ?? $json.id }}'), inTools];
}

export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'taskId',
		label: 'Task ID',
		hint: 'Map the id of the Create output, for example {{ $json.taskId }} (version 1: {{ $json.id }}). Nothing was sent.',
	});
}
