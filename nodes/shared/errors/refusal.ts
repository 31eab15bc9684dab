import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { fieldLine } from './field-labels';

/**
 * A fault found before sending, in the words of the service's API documentation (the rules'
 * Refusal has this shape): its code, what to change, the field by API path or parameter name.
 */
export interface Fault {
	code: string;
	message: string;
	path?: string;
}

/**
 * The one refusal of an item before anything is sent, whichever node refuses: the code first,
 * the field by its label in the description, and that nothing was sent or spent.
 */
export function refusedBeforeSending(
	ctx: { getNode(): INode },
	itemIndex: number,
	fault: Fault,
): NodeOperationError {
	const field = fault.path ? `${fieldLine(ctx.getNode(), fault.path)}. ` : '';
	return new NodeOperationError(ctx.getNode(), `${fault.code}: ${fault.message}`, {
		itemIndex,
		description: `${field}Nothing was sent and no credits were spent.`,
	});
}
