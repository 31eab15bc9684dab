import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.fields';
import * as relations from './relations.fields';
import * as wait from './wait.fields';

/**
 * Wait For Task's fields, in the order the node shows them. Apart from the operations' code: n8n
 * reads every node's description at start-up, and an operation's code is loaded at its first run.
 */
export const description: INodeProperties[] = [
	...wait.description,
	...get.description,
	...relations.description,
];
