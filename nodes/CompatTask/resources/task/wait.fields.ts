import { updateDisplayOptions } from 'n8n-workflow';

import { waitProperties } from '../../../shared/fields/wait';
import { compatWaitFields } from '../../helpers/wait-fields';
import { taskIdField } from './task-id';

export const description = updateDisplayOptions(
	{ show: { resource: ['task'], operation: ['wait'] } },
	[taskIdField(), ...compatWaitFields(waitProperties())],
);
