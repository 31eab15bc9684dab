import { updateDisplayOptions } from 'n8n-workflow';

import { downloadSince } from '../../../settings/completion';
import { waitProperties } from '../../../settings/wait';
import { taskFields } from './task-id';

const displayOptions = { show: { operation: ['wait'] } };

// The wait fields take the rule too: the rules they add (download) come after it, as released.
// Version 2 downloads the result files by default, as the Create nodes' Wait does.
export const description = updateDisplayOptions(displayOptions, [
	...taskFields(),
	...waitProperties(displayOptions).flatMap((property) => downloadSince(property, 2)),
]);
