import type { INodeProperties } from 'n8n-workflow';

import * as getStatus from './get-status.fields';
import * as list from './list.fields';
import * as upload from './upload.fields';
import * as waitForReview from './wait-for-review.fields';

/**
 * Upload Asset's fields, in the order the node shows them. Apart from the operations' code: n8n
 * reads every node's description at start-up, and an operation's code is loaded at its first run.
 */
export const description: INodeProperties[] = [
	...upload.description,
	...getStatus.description,
	...list.description,
	...waitForReview.description,
];
