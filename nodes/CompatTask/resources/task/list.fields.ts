import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { returnAllFields } from '../../../settings/paging';

const displayOptions = { show: { resource: ['task'], operation: ['list'] } };
const STATUS_NAMES: Record<string, string> = {
	failed: 'Failed',
	running: 'Running',
	succeeded: 'Succeeded',
};

// The paging fields take the rule too: Limit's own rule (returnAll) comes after it, as released.
const properties: INodeProperties[] = [
	...returnAllFields(displayOptions.show),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Any', value: '' },
			...COMPAT.taskStatuses.map((value) => ({ name: STATUS_NAMES[value], value })),
		],
		default: '',
		description: 'Only tasks in this state (sent as filter.status)',
	},
];

export const description = updateDisplayOptions(displayOptions, properties);
