import { updateDisplayOptions } from 'n8n-workflow';

import { taskFields } from './task-id';

export const description = updateDisplayOptions({ show: { operation: ['get'] } }, taskFields());
