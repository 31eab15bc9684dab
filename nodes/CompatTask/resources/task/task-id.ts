import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../shared/fields/required-id';

/** The Task ID field of Get and Wait: the id the create returned, `{{ $json.id }}` by default. */
export function taskIdField(): INodeProperties {
	return {
		displayName: 'Task ID',
		name: 'taskId',
		type: 'string',
		default: '={{ $json.id }}',
		required: true,
		description: 'The ID returned when the task was created',
	};
}

export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'taskId',
		label: 'Task ID',
		hint: 'Map the id of the Create output, for example {{ $json.id }}. Nothing was sent.',
	});
}
