import type { INodeProperties } from 'n8n-workflow';

import { allowPrivateHostsField } from '../../../shared/fields/wait';
import { taskIdField } from './task-id';

const show = { resource: ['task'], operation: ['get'] };

export const properties: INodeProperties[] = [
	taskIdField('get'),
	{
		displayName: 'Download Result File',
		name: 'download',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the video of a succeeded task into binary data (its link lives 24 hours)',
		displayOptions: { show },
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryProperty',
		description: "The name of the output item's binary field for the video",
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { ...show, download: [true] } },
	},
	allowPrivateHostsField({ show: { ...show, download: [true] } }),
];
