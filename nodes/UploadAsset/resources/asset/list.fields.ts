import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { cursorField, returnAllFields } from '../../../settings/paging';
import { assetTypeOptions } from './upload.fields';

const displayOptions = { show: { operation: ['list'] } };

// The paging fields take the rule too: Limit's own rule (returnAll) comes after it, as released.
const properties: INodeProperties[] = [
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...assetTypeOptions],
		default: '',
		description: 'List only assets of this type',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Active', value: 'ACTIVE' },
			{ name: 'Any', value: '' },
			{ name: 'Failed', value: 'FAILED' },
			{ name: 'None', value: 'NONE', description: "The service's NONE filter value" },
			{ name: 'Processing', value: 'PROCESSING' },
		],
		default: '',
		description: 'List only assets in this review state',
	},
	...returnAllFields(displayOptions.show),
	cursorField(displayOptions.show),
];

export const description = updateDisplayOptions(displayOptions, properties);
