import type { IExecuteFunctions } from 'n8n-workflow';

import type { AnswerSettings } from '../shared/tool/answer';

/**
 * The fields a tool's answer reads (tool/answer.ts), read only when the node runs as a tool:
 * whether result files stay in the answer, and Compat Task's Resource (a task's id is `id`).
 */
export const readToolAnswer = (ctx: IExecuteFunctions): AnswerSettings => ({
	keepBinary: ctx.getNodeParameter('download', 0, false) === true,
	resource: String(ctx.getNodeParameter('resource', 0, '')),
});
