import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { withShow } from '../../../shared/fields/grouping';
import { allowPrivateHostsField } from '../../../settings/wait';
import { taskIdFields } from './task-id';

const displayOptions = { show: { resource: ['task'], operation: ['get'] } };

/** The operation's rule, then Download's, in that order (as released). */
const downloading = withShow(displayOptions, { download: [true] });

const properties: INodeProperties[] = [
	...taskIdFields(),
	{
		displayName: 'Download Result File',
		name: 'download',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the video of a succeeded task into binary data (its link lives 24 hours)',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryProperty',
		description: "The name of the output item's binary field for the video",
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: downloading,
	},
	allowPrivateHostsField(downloading),
];

export const description = updateDisplayOptions(displayOptions, properties);
