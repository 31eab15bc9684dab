import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { withShow } from './grouping';

/**
 * The fields of a node's tool variant. n8n 1.85+ makes every `usableAsTool` node a tool for its AI
 * Agent and MCP Server Trigger, a node type whose name ends in "Tool"; n8n's `@tool` display rule
 * is true there only (n8n's own nodes use it: Google Calendar, HTTP Request). A field can then be
 * one thing in a workflow and another in a tool under the same name: the tool's Prompt is handed to
 * the model, its wait is bounded, it downloads nothing unless asked, and it spends within caps.
 */
export const inWorkflows = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: withShow(property.displayOptions, { '@tool': [false] }),
});

export const inTools = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: withShow(property.displayOptions, { '@tool': [true] }),
});

/** A field as the workflow node has it, and in the tool, with `fromAI`'s value left to the model. */
export function chosenByModel(
	property: INodeProperties,
	key: string,
	description: string,
): INodeProperties[] {
	const asked = `={{ $fromAI('${key}', ${JSON.stringify(description)}, 'string') }}`;
	return [inWorkflows(property), inTools({ ...property, default: asked })];
}

/** How long one tool call waits before it answers with the tasks still running (then read them later). */
export function toolWaitField(displayOptions?: IDisplayOptions): INodeProperties {
	return inTools({
		displayName: 'Wait in One Call (Seconds)',
		name: 'toolWaitSeconds',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 1 },
		default: 45, // TOOL_WAIT_SECONDS (tool/detect.ts)
		description:
			"How long one tool call waits for its tasks. Then it answers with every task's ID and state, so an MCP client or an agent never times out before it learns what was created; a task still running is read later with the Wait For Task tool (Get Task).",
		...(displayOptions ? { displayOptions } : {}),
	});
}

/** Off in a tool: a model never receives binary data (n8n drops it), and each call would store the file. */
export function toolDownloadField(displayOptions?: IDisplayOptions): INodeProperties {
	return inTools({
		displayName: 'Download Result Files',
		name: 'download',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the result files into binary data. A model never sees binary data (n8n leaves it out of the answer), so a tool downloads only when a later node of this workflow needs the file.',
		...(displayOptions ? { displayOptions } : {}),
	});
}

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

/** The cost, answer and next-step sentences every Create tool's description ends with. */
export const CREATE_TOOL_TERMS =
	"It costs credits: its answer gives estimatedCredits, and creditsUsed once done; a call over this tool's credit cap is refused and charges nothing. It answers with taskId, state (completed, failed, running, not created), resultUrl, error, and next: what to do. While state is running, call the Wait For Task tool with the taskId; never call this tool again for the same request (that pays twice).";
