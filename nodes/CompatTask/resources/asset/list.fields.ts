import type { INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { groupLocator } from '../../helpers/locators';
import { pagingFields } from '../../helpers/paging-fields';

const show = { resource: ['asset'], operation: ['list'] };

export const properties: INodeProperties[] = [
	{
		...groupLocator({ show }, false),
		description: 'Only the assets of this group (leave empty for all)',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Any', value: '' },
			...COMPAT.assetStatuses.map((value) => ({ name: value, value })),
		],
		default: '',
		description: 'Only assets in this review state',
		displayOptions: { show },
	},
	...pagingFields('asset'),
];
