import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { AnswerSettings } from './answer';
import { runsAsTool } from './detect';

type Run = (ctx: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/** How the node runs: under Continue On Fail (read by the node's execute), and its tool's phases. */
export interface RunOptions {
	continueOnFail: boolean;
	/** As a tool, the item states each output stands for (./answer.ts). */
	phases?: string[];
}

/**
 * A node's run, as a workflow node (its outputs as they are) or as a tool (one answer a model
 * reads: ./answer.ts). The tool's code is loaded only when the node runs as a tool, and the fields
 * its answer reads are read then, by the node (`answer`: nodes/settings/tool.ts).
 */
export async function runAsNodeOrTool(
	ctx: IExecuteFunctions,
	run: Run,
	answer: () => AnswerSettings,
	options: RunOptions,
): Promise<INodeExecutionData[][]> {
	if (runsAsTool(ctx))
		return await (await import('./answer')).runTool(ctx, run, answer(), options.phases);
	if (!options.continueOnFail) return await run(ctx);
	try {
		return await run(ctx);
	} catch (error) {
		return [await everyItemFailed(ctx, error as Error)];
	}
}

/**
 * An error of the whole run (not of one item: those the item loop turns into error items) under
 * Continue On Fail: n8n would pass the input items on unchanged, as if they had succeeded, so each
 * gets its error item instead, paired with it.
 */
async function everyItemFailed(ctx: IExecuteFunctions, error: Error) {
	const { errorItem } = await import('../execution/item-loop');
	return ctx.getInputData().map((_, itemIndex) => errorItem(error, itemIndex));
}
