import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { AnswerSettings } from './answer';
import { runsAsTool } from './detect';

type Run = (ctx: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * A node's run, as a workflow node (its outputs as they are) or as a tool (one answer a model
 * reads: ./answer.ts). The tool's code is loaded only when the node runs as a tool, and the fields
 * its answer reads are read then, by the node (`answer`: nodes/settings/tool.ts).
 */
export async function runAsNodeOrTool(
	ctx: IExecuteFunctions,
	run: Run,
	answer: () => AnswerSettings,
	phases?: string[],
): Promise<INodeExecutionData[][]> {
	if (!runsAsTool(ctx)) return await run(ctx);
	return await (await import('./answer')).runTool(ctx, run, answer(), phases);
}
