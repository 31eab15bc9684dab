// An MCP client as MCP hosts connect to n8n's MCP Server Trigger: the official TypeScript SDK's
// Client over Streamable HTTP (the trigger's version 2 serves it at its path), with the SDK's own
// default request timeout (60 s), so a tool call that outlasts it fails here as it would there.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * Connects to an MCP server URL; `callTool` answers the tool's result with its text content parsed
 * from JSON when it is JSON, and the time the call took.
 * @param {string} url e.g. http://127.0.0.1:5678/mcp/my-path
 */
export async function connectMcp(url) {
	const client = new Client({ name: 'n8n-nodes-unified-generation-e2e', version: '1.0.0' });
	const transport = new StreamableHTTPClientTransport(new URL(url));
	await client.connect(transport);
	return {
		client,
		listTools: async () => (await client.listTools()).tools,
		/** @param {string} name @param {Record<string, unknown>} args */
		async callTool(name, args) {
			const started = Date.now();
			const result = await client.callTool({ name, arguments: args });
			const text = (result.content ?? [])
				.filter((part) => part.type === 'text')
				.map((part) => part.text)
				.join('');
			let json;
			try {
				json = JSON.parse(text);
			} catch {
				// not JSON: the caller reads `text`
			}
			return { result, text, json, ms: Date.now() - started };
		},
		close: async () => {
			await transport.terminateSession().catch(() => {});
			await client.close();
		},
	};
}
