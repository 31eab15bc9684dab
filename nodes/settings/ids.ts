import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/** An id field every item must fill: its label, and how to fill it (the user's fix). */
interface RequiredId {
	name: string;
	label: string;
	hint: string;
}

/** The item's id, trimmed; an empty one is the user's to fix before anything is sent. */
export function readRequiredId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ name, label, hint }: RequiredId,
): string {
	const id = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (id) return id;
	throw new NodeOperationError(ctx.getNode(), `${label} is empty`, {
		itemIndex,
		description: hint,
	});
}

/**
 * An id field's value for each item, as written (a resource locator's value too), trimmed and
 * maybe empty: the wait operations' routing (execution/wait-routing.ts) asks it of an item a
 * Create node skipped, so every wait judges an empty id alike.
 */
export const idFieldValue =
	(ctx: IExecuteFunctions, name: string) =>
	(itemIndex: number): string =>
		String(ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) ?? '').trim();
