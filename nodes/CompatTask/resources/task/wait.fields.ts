import type { INodeProperties } from 'n8n-workflow';

import { waitProperties } from '../../../shared/fields/wait';
import { compatWaitFields } from '../../helpers/wait-fields';
import { taskIdField } from './task-id';

export const properties: INodeProperties[] = [
	taskIdField('wait'),
	...compatWaitFields(waitProperties(), { show: { resource: ['task'], operation: ['wait'] } }),
];
