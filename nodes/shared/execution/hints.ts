import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

/** An execution hint above the node's output; `addExecutionHints` is not in every n8n 1.x release. */
export function addHint(
	ctx: IExecuteFunctions,
	message: string,
	type: NodeExecutionHint['type'] = 'info',
): void {
	const hints = (ctx as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>).addExecutionHints;
	if (typeof hints === 'function') hints.call(ctx, { message, type, location: 'outputPane' });
}
