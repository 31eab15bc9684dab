import type { IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { mapTimedOutItem } from '../callback/wait-mode';
import { simplifyItem, simplifyOutputs } from '../output/simplify';
import type { Simplification } from '../output/simplify';

/**
 * A Create node's output as its Simplify says (version 2's default; version 1 has no such field and
 * keeps the service's names): every item, and the item a callback wait ends on at its Timeout.
 * Simplify is read now, before any create (a field read after one could throw its id away).
 */
export function simplifierOf(
	ctx: IExecuteFunctions,
	how: Simplification,
): (output: INodeExecutionData[][]) => INodeExecutionData[][] {
	const simple = ctx.getNodeParameter('simplify', 0, false) === true;
	return (output) => {
		if (simple) mapTimedOutItem(ctx, (item) => simplifyItem(item, how));
		return simplifyOutputs(simple, output, how);
	};
}

/** The item a task's callback resumes the execution with, as the node's Simplify says. */
export function simplifiedResume(
	ctx: IWebhookFunctions,
	how: Simplification,
): (item: INodeExecutionData) => INodeExecutionData {
	const simple = ctx.getNodeParameter('simplify', false) === true;
	return (item) => (simple ? simplifyItem(item, how) : item);
}
