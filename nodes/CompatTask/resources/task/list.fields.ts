import type { INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { pagingFields } from '../../helpers/paging-fields';

const show = { resource: ['task'], operation: ['list'] };
const STATUS_NAMES: Record<string, string> = {
	failed: 'Failed',
	running: 'Running',
	succeeded: 'Succeeded',
};

export const properties: INodeProperties[] = [
	...pagingFields('task'),
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
		displayOptions: { show },
	},
];
