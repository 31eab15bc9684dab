import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inTools } from '../shared/fields/tool';
import type { AnswerSettings } from '../shared/tool/answer';

/** A tool's own fields (caps, Description) and what its answer reads of the node's fields. */

/**
 * What a tool may spend: refused before sending, in words a model can pass on. Per call 1,000 credits:
 * a 720p video of 10 s on every model (sd2.5: 600); per execution five such calls.
 */
export const toolCapFields: INodeProperties[] = [
	inTools({
		displayName: 'Credit Cap per Call',
		name: 'toolCreditCapPerCall',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1000,
		description:
			"Most credits one tool call may spend (by the node's exact estimate). A call over it creates nothing and tells the model why.",
	}),
	inTools({
		displayName: 'Credit Cap per Execution',
		name: 'toolCreditCapPerExecution',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 5000,
		description:
			"Most credits this tool may spend over all its calls in one execution (one agent's conversation turn, or one MCP call), counted in this n8n process",
	}),
];

/**
 * What the model reads about the tool, as plain text a user edits in place. A node that declares
 * `toolDescription` gets no Description field from n8n. Plain text, not an expression: n8n 1.x hands
 * the model the raw text, and an expression shows internal values (textToVideo) in its preview.
 * This tool's fixed settings (model, length, caps, wait) need no words: its answers and refusals
 * state them. `shown`: one text per operation (n8n shows one field of a name at a time).
 */
export function toolDescriptionField(text: string, shown?: IDisplayOptions): INodeProperties {
	return inTools({
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 4 },
		default: text,
		description:
			'What the model reads about this tool: what one call does, what it costs and returns, and what to call next',
		...(shown ? { displayOptions: shown } : {}),
	});
}

/** One Description per operation of a node with an `operation` field, by the operation's value. */
export const toolDescriptionsPerOperation = (texts: Record<string, string>): INodeProperties[] =>
	Object.entries(texts).map(([operation, text]) =>
		toolDescriptionField(text, { show: { operation: [operation] } }),
	);

/** The cost, answer and next-step sentences every Create tool's description ends with. */
export const CREATE_TOOL_TERMS =
	"It costs credits: its answer gives estimatedCredits, and creditsUsed once done; a call over this tool's credit cap is refused and charges nothing. It answers with taskId, state (completed, failed, running, not created), resultUrl, error, and next: what to do. While state is running, call the Wait For Task tool with the taskId; never call this tool again for the same request (that pays twice).";

/**
 * The fields a tool's answer reads (tool/answer.ts), read only when the node runs as a tool:
 * whether result files stay in the answer, and Compat Task's Resource (a task's id is `id`).
 */
export const readToolAnswer = (ctx: IExecuteFunctions): AnswerSettings => ({
	keepBinary: ctx.getNodeParameter('download', 0, false) === true,
	resource: String(ctx.getNodeParameter('resource', 0, '')),
});
