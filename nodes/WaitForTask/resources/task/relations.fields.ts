import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { cursorField, returnAllFields } from '../../../settings/paging';

const displayOptions = { show: { operation: ['relations'] } };

// The paging fields take the rule too: Limit's own rule (returnAll) comes after it, as released.
const properties: INodeProperties[] = [
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		default: '={{ $json.orderId }}',
		required: true,
		description:
			'The orderId of a draft (lists its finals) or of a final (returns its source draft)',
	},
	...returnAllFields(displayOptions.show, true),
	cursorField(displayOptions.show),
];

export const description = updateDisplayOptions(displayOptions, properties);
