import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { onVersions } from '../shared/fields/versions';

/**
 * n8n's "Simplify" switch, for outputs of more than ten fields: on (the default of a new node,
 * version 2 and later) the item reads as a person would (times as ISO 8601 strings, one credits field per
 * meaning, the task id as `taskId` on every node); off gives the service's answer as it came.
 * Version 1 nodes have no such field and keep their raw output.
 */
export function simplifyField(displayOptions?: IDisplayOptions): INodeProperties {
	return onVersions(
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			displayOptions,
		},
		{ since: 2 },
	);
}

/** Simplify, read before any create (a field read after one could throw its id away). */
export const readSimplify = (ctx: IExecuteFunctions): boolean =>
	ctx.getNodeParameter('simplify', 0, false) === true;
