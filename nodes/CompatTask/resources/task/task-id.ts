import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../shared/fields/required-id';
import { chosenByModel } from '../../../shared/fields/tool';

/** The Task ID field of Get and Wait: the id the create returned, `{{ $json.id }}` by default (a tool's model gives it). */
export function taskIdFields(): INodeProperties[] {
	return chosenByModel(
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
}

export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'taskId',
		label: 'Task ID',
		hint: 'Map the id of the Create output, for example {{ $json.id }}. Nothing was sent.',
	});
}
