import type { INode } from 'n8n-workflow';

/**
 * Whether the node runs as a tool of an AI Agent or an MCP Server Trigger: n8n gives a
 * `usableAsTool` node's tool variant a type of its own, the node's type with "Tool" at the end
 * (n8n 1.85+; in 2.x for an Agent's engine requests and a Server Trigger's calls alike, where
 * `isToolExecution()` is false for the former). The same signal drives n8n's `@tool` display rule.
 */
export const runsAsTool = (ctx: { getNode(): INode }): boolean =>
	ctx.getNode().type.endsWith('Tool');

/**
 * Wait in One Call's default (nodes/settings/wait.ts writes it as a literal, as n8n's lint asks): below the
 * MCP TypeScript SDK's 60 s request timeout, with room for the create.
 */
export const TOOL_WAIT_SECONDS = 45;
