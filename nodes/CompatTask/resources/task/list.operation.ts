import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { TASKS_PATH } from '../../../shared/compat-api';
import { flatMapItems } from '../../helpers/items';
import { collectPages, pagingFields } from '../../helpers/paging';

const show = { resource: ['task'], operation: ['list'] };
const STATUS_NAMES: Record<string, string> = { failed: 'Failed', running: 'Running', succeeded: 'Succeeded' };

export const properties: INodeProperties[] = [
	...pagingFields('task'),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...COMPAT.taskStatuses.map((value) => ({ name: STATUS_NAMES[value], value }))],
		default: '',
		description: 'Only tasks in this state (sent as filter.status)',
		displayOptions: { show },
	},
];

/** The tasks of the credential's key, one output item each. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await flatMapItems(ctx, async (itemIndex) => {
			const status = ctx.getNodeParameter('status', itemIndex, '') as string;
			return await collectPages(ctx, TASKS_PATH, status ? { 'filter.status': status } : {}, itemIndex);
		}),
	];
}
