import { updateDisplayOptions } from 'n8n-workflow';

import { downloadSince } from '../../../settings/completion';
import { waitProperties } from '../../../settings/wait';
import { compatWaitFields } from '../../helpers/wait-fields';
import { taskIdFields } from './task-id';

export const description = updateDisplayOptions(
	{ show: { resource: ['task'], operation: ['wait'] } },
	// Version 2 downloads by default, as Wait For Task does.
	[...taskIdFields(), ...compatWaitFields(waitProperties().flatMap((p) => downloadSince(p, 2)))],
);
