import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { simplificationOf, simplifyOutputs } from '../../../shared/output/simplify';

/**
 * The tasks' outputs as Simplify says (version 2's default; version 1 has no such field): ISO times,
 * and an upscale task with a generation task's names.
 */
export function simplifiedTasks(
	ctx: IExecuteFunctions,
	outputs: INodeExecutionData[][],
): INodeExecutionData[][] {
	const simple = ctx.getNodeParameter('simplify', 0, false) === true;
	return simplifyOutputs(
		simple,
		outputs,
		simplificationOf(ctx.getNodeParameter('taskType', 0, 'generation')),
	);
}
