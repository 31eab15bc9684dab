import type { INodeProperties } from 'n8n-workflow';

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
