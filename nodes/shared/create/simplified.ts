import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { mapTimedOutItem } from '../callback/wait-mode';
import { simplifyItem, simplifyOutputs } from '../output/simplify';
import type { Simplification } from '../output/simplify';

/**
 * A Create node's output as its Simplify says (version 2's default; version 1 has no such field and
 * keeps the service's names): every item, and the item a callback wait ends on at its Timeout.
 * `simple` is Simplify, read by the operation before any create (nodes/settings/create.ts).
 */
export function simplifierOf(
	ctx: IExecuteFunctions,
	how: Simplification,
	simple: boolean,
): (output: INodeExecutionData[][]) => INodeExecutionData[][] {
	return (output) => {
		if (simple) mapTimedOutItem(ctx, (item) => simplifyItem(item, how));
		return simplifyOutputs(simple, output, how);
	};
}

/** The item a task's callback resumes the execution with, as the node's Simplify (`simple`) says. */
export function simplifiedResume(
	how: Simplification,
	simple: boolean,
): (item: INodeExecutionData) => INodeExecutionData {
	return (item) => (simple ? simplifyItem(item, how) : item);
}
