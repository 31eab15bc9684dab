import { updateDisplayOptions } from 'n8n-workflow';

import { waitProperties } from '../../../shared/fields/wait';
import { taskFields } from './task-id';

const displayOptions = { show: { operation: ['wait'] } };

// The wait fields take the rule too: the rules they add (download) come after it, as released.
export const description = updateDisplayOptions(displayOptions, [
	...taskFields(),
	...waitProperties(displayOptions),
]);
