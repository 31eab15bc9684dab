import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { returnAllFields } from '../../../settings/paging';
import { groupLocator } from '../../helpers/locators';

const displayOptions = { show: { resource: ['asset'], operation: ['list'] } };

// The paging fields take the rule too: Limit's own rule (returnAll) comes after it, as released.
const properties: INodeProperties[] = [
	{
		...groupLocator(false),
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
	},
	...returnAllFields(displayOptions.show),
];

export const description = updateDisplayOptions(displayOptions, properties);
