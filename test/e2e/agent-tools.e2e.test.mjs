// The nodes as tools in a real n8n 2.x server (`n8n start`): an AI Agent whose OpenAI Chat Model is
// a scripted stub (openai-stub.mjs), and an MCP Server Trigger called by the official MCP SDK's
// client. The agent's workflow is the chat example (examples/agent-video.json) made public, with
// four more Create Video tools of other settings beside its own; each chat message scripts the
// model's tool calls, and the test reads what each tool answered the model (the `tool` messages the
// agent posts back) and what reached the emulator. Own emulator account and credentials, so the
// long task of the running case bills no account another file counts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

import { emulatorClient } from '../../scripts/lib/emulator-process.mjs';
import { DEMO_OWNER, loadExamples, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow, readExecution, webhookRegistered } from '../../scripts/n8n/rest.mjs';
import { startN8n } from '../../scripts/n8n/run.mjs';
import { E2E_EMULATOR_SETTINGS, USER_FOLDER, emulator, until } from './context.mjs';
import { connectMcp } from './mcp-client.mjs';
import { parseToolMessage, startOpenAiStub } from './openai-stub.mjs';

const EXAMPLE = loadExamples().find((e) => e.workflow.id === 'ugExAgentVideo12').workflow;
const CREATE_TASK = '/api/v1/jobs/createTask';
const PACKAGE = 'n8n-nodes-unified-generation';
const ACCOUNT_KEY = 'agent-tools-e2e-key';
/** A task the tools cannot see finish: the running cases. */
const LONG_TASK_MS = 120_000;

const emu = emulator();
const { control } = emulatorClient(emu.url);
let server;
let session;
let stub;
let chatUrl;
let streamedChatUrl;
let mcpUrl;
const workflowIds = [];

/** Create Video tools beside the example's own, each with the settings of one case. */
const MORE_CREATE_TOOLS = {
	'Create Video Briefly': { model: 'sd2-mini', toolWaitSeconds: 2 },
	'Create Video Capped': { model: 'sd2-mini', toolCreditCapPerCall: 50 },
	// sd2-mini 5 s is 100 credits: one call per execution fits, a second does not
	'Create Video Once': { model: 'sd2-mini', toolCreditCapPerExecution: 150 },
	// as the node picker may leave it: n8n fills every default
	'Create Video Bare': {},
};

/** The anchored, case-blind name of the tool n8n makes of a node (spaces become underscores). */
const toolOf = (nodeName) => new RegExp(`^${nodeName.replace(/ /g, '_')}$`, 'i');

beforeAll(async () => {
	stub = await startOpenAiStub();
	await control('/accounts', { apiKey: ACCOUNT_KEY, credits: 100_000 });
	server = await startN8n({
		userFolder: USER_FOLDER,
		env: ownerEnv(DEMO_OWNER),
		timeoutMs: 5 * 60_000,
	});
	session = await login(server.baseUrl, DEMO_OWNER);
	const unified = await createCredential(
		'Unified Generation API (agent e2e)',
		'unifiedGenerationApi',
		{
			apiKey: ACCOUNT_KEY,
			baseUrl: `${emu.url}/api/v1`,
		},
	);
	const openAi = await createCredential('OpenAI (scripted stub)', 'openAiApi', {
		apiKey: 'sk-stub',
		url: stub.url,
	});

	const agent = agentWorkflow({ unified, openAi });
	workflowIds.push(await saveAndActivate(agent.workflow));
	chatUrl = `${server.baseUrl}/webhook/${agent.webhookId}/chat`;
	await webhookRegistered(chatUrl);
	const streamed = agentWorkflow({ unified, openAi, streaming: true });
	workflowIds.push(await saveAndActivate(streamed.workflow));
	streamedChatUrl = `${server.baseUrl}/webhook/${streamed.webhookId}/chat`;
	await webhookRegistered(streamedChatUrl);

	const mcp = mcpWorkflow({ unified });
	workflowIds.push(await saveAndActivate(mcp.workflow));
	mcpUrl = `${server.baseUrl}/mcp/${mcp.path}`;
}, 8 * 60_000);

afterAll(async () => {
	// AGENT_TOOLS_DUMP=<file>: what the scripted model received, for reading by hand
	if (process.env.AGENT_TOOLS_DUMP && stub)
		fs.writeFileSync(process.env.AGENT_TOOLS_DUMP, JSON.stringify(stub.requests, null, 2));
	await control('/settings', E2E_EMULATOR_SETTINGS).catch(() => {});
	for (const id of workflowIds)
		await session?.request('POST', `/rest/workflows/${id}/deactivate`, {}).catch(() => {});
	await server?.stop();
	await stub?.close();
});

async function createCredential(name, type, data) {
	const answer = await session.request('POST', '/rest/credentials', { name, type, data });
	if (answer.status !== 200)
		throw new Error(`creating the ${type} credential answered ${answer.status}: ${answer.text}`);
	return { id: answer.json.data.id, name };
}

async function saveAndActivate(workflow) {
	const saved = await session.request('POST', '/rest/workflows', workflow);
	if (saved.status !== 200)
		throw new Error(`saving ${workflow.name} answered ${saved.status}: ${saved.text}`);
	await activateWorkflow(session, saved.json.data.id);
	return saved.json.data.id;
}

const credentialsOf = (node, { unified, openAi }) =>
	node.type.startsWith(`${PACKAGE}.`)
		? { unifiedGenerationApi: unified }
		: node.type.endsWith('.lmChatOpenAi')
			? { openAiApi: openAi }
			: node.credentials;

/**
 * The example, its chat made public (a production URL this test posts to), on this test's
 * credentials; `streaming`: the chat answers as the agent streams (the model is asked to stream).
 */
function agentWorkflow({ streaming = false, ...credentials }) {
	const example = structuredClone(EXAMPLE);
	const webhookId = randomUUID();
	const nodes = example.nodes.map((node) => {
		const copy = { ...node, id: randomUUID() };
		const creds = credentialsOf(node, credentials);
		if (creds) copy.credentials = creds;
		if (node.type.endsWith('.chatTrigger')) {
			copy.webhookId = webhookId;
			copy.parameters = {
				...node.parameters,
				public: true,
				mode: 'webhook',
				options: streaming ? { responseMode: 'streaming' } : {},
			};
		}
		return copy;
	});
	const createVideo = EXAMPLE.nodes.find((n) => n.type === `${PACKAGE}.createVideoTool`);
	const connections = structuredClone(example.connections);
	for (const [name, parameters] of Object.entries(MORE_CREATE_TOOLS)) {
		nodes.push({
			...createVideo,
			id: randomUUID(),
			name,
			parameters,
			credentials: { unifiedGenerationApi: credentials.unified },
		});
		connections[name] = structuredClone(connections[createVideo.name]);
	}
	return {
		webhookId,
		workflow: {
			name: `E2E: the chat agent example with more Create Video tools${streaming ? ' (streamed)' : ''}`,
			nodes,
			connections,
			settings: example.settings,
		},
	};
}

/** An MCP Server Trigger with the Create Video (5 s per call) and Wait For Task (Get Task) tools. */
function mcpWorkflow({ unified }) {
	const path = `ug-agent-tools-${Date.now()}`;
	const tool = (name, type, typeVersion, parameters, x) => ({
		parameters,
		type: `${PACKAGE}.${type}`,
		typeVersion,
		position: [x, 200],
		id: randomUUID(),
		name,
		credentials: { unifiedGenerationApi: unified },
	});
	const toTrigger = { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] };
	return {
		path,
		workflow: {
			name: 'E2E: the video tools over MCP',
			nodes: [
				{
					parameters: { path },
					type: '@n8n/n8n-nodes-langchain.mcpTrigger',
					typeVersion: 2.1,
					position: [0, 0],
					id: randomUUID(),
					name: 'MCP Server Trigger',
					webhookId: randomUUID(),
				},
				tool('Create Video', 'createVideoTool', 2, { model: 'sd2-mini', toolWaitSeconds: 5 }, 0),
				tool('Wait For Task', 'waitForTaskTool', 2, { operation: 'get' }, 220),
			],
			connections: { 'Create Video': toTrigger, 'Wait For Task': toTrigger },
			settings: { executionOrder: 'v1' },
		},
	};
}

/**
 * Sends one chat message to the agent; its model replies as scripted. Returns the chat's answer,
 * the completions the model received during it, and the tool answers of the last one (each tool
 * message's items, in call order).
 */
const chat = (message, ...replies) => chatAt(chatUrl, message, replies);

async function chatAt(url, message, replies) {
	const before = stub.completions().length;
	stub.script(...replies);
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId: randomUUID(), chatInput: message }),
	});
	const text = await res.text();
	const completions = stub.completions().slice(before);
	const toolMessages = (completions.at(-1)?.body?.messages ?? [])
		.filter((m) => m.role === 'tool')
		.map(parseToolMessage);
	if (res.status !== 200 || stub.pending() > 0 || toolMessages.length === 0) {
		const run = await lastExecution(workflowIds[url === chatUrl ? 0 : 1]);
		const error = run?.data?.resultData?.error;
		process.stdout.write(
			`[e2e] chat "${message}" answered ${res.status}: ${text.slice(0, 2000)}\n` +
				`[e2e] completions ${completions.length}, replies left ${stub.pending()}, tool messages ${JSON.stringify(toolMessages.map((m) => m.text))}\n` +
				`[e2e] execution ${run?.status}: ${error ? `${error.message} ${error.description ?? ''}` : 'no error'}; nodes run: ${Object.keys(run?.data?.resultData?.runData ?? {}).join(', ')}\n`,
		);
	}
	return { status: res.status, text, completions, toolMessages };
}

/** A tool message's answer items: n8n sends the tool node's output as JSON (one list, or one item). */
function itemsOfAnswer(toolMessage) {
	const value = toolMessage?.json;
	if (Array.isArray(value)) return value.map((v) => v?.json ?? v);
	if (value && typeof value === 'object' && Array.isArray(value.response)) return value.response;
	return value === undefined ? [] : [value];
}

/** The first tool message's last answer text, parsed (the JSON of the tool's one item). */
const firstAnswer = (messages, at = 0) => itemsOfAnswer(messages[at])[0];

/** The create requests the emulator received whose prompt carries `marker`. */
async function createsWith(marker) {
	return (await emu.requests(CREATE_TASK)).filter((r) =>
		String(r.body?.inputs?.prompt ?? '').includes(marker),
	);
}

/** The final text the scripted model writes: the last tool answer's link, or its state. */
const finalText = (prefix) => (body) => {
	const tool = (body.messages ?? []).filter((m) => m.role === 'tool').at(-1);
	const answer = itemsOfAnswer(parseToolMessage(tool ?? { content: '' }))[0];
	return { text: `${prefix}: ${answer?.resultUrl ?? answer?.state ?? 'no answer'}` };
};

describe('an AI Agent with the package nodes as tools (the chat example, a scripted model)', () => {
	test('a: Create Video answers completed with the video link; one task created; the answer reaches the chat', async () => {
		const marker = `kite-${Date.now()}`;
		const result = await chat(
			'Make a video of a kite',
			{ tool: toolOf('Create Video'), args: { prompt: `a red kite over the sea ${marker}` } },
			finalText('Your video'),
		);
		expect({ status: result.status, pending: stub.pending() }).toEqual({ status: 200, pending: 0 });
		const answer = firstAnswer(result.toolMessages);
		expect(answer).toMatchObject({
			taskId: expect.any(String),
			state: 'completed',
			model: 'sd2-mini',
			resultUrl: expect.stringMatching(/^http/),
			next: expect.stringContaining('resultUrl'),
		});
		expect(await createsWith(marker)).toHaveLength(1);
		expect(JSON.parse(result.text)).toEqual({ output: `Your video: ${answer.resultUrl}` });
		// what the model was told about the tool: the node's plain-text Description, as shipped
		const offered = result.completions[0].body.tools.map((t) => t.function);
		const createVideo = offered.find((f) => toolOf('Create Video').test(f.name));
		expect(createVideo.description).toMatch(/^Makes one AI video from the prompt you write/);
		expect(createVideo.description).not.toMatch(/\{\{|\$parameter|textToVideo/);
		expect(Object.keys(createVideo.parameters?.properties ?? {})).toContain('prompt');
	});

	test('a, streamed: the chat answers as the agent streams; the model streams its tool call and its text', async () => {
		const marker = `streamed-${Date.now()}`;
		const result = await chatAt(streamedChatUrl, 'Make a video, streamed', [
			{ tool: toolOf('Create Video'), args: { prompt: `a streamed kite ${marker}` } },
			finalText('Streamed video'),
		]);
		expect({ status: result.status, pending: stub.pending() }).toEqual({ status: 200, pending: 0 });
		expect(result.completions.map((c) => c.body.stream)).toEqual([true, true]);
		const answer = firstAnswer(result.toolMessages);
		expect(answer).toMatchObject({ state: 'completed', resultUrl: expect.stringMatching(/^http/) });
		expect(await createsWith(marker)).toHaveLength(1);
		// n8n streams JSON lines: begin, the items (the text in pieces), end
		const streamedText = result.text
			.split('\n')
			.filter((line) => line.trim())
			.map((line) => JSON.parse(line))
			.filter((chunk) => chunk.type === 'item')
			.map((chunk) => chunk.content)
			.join('');
		expect(streamedText).toBe(`Streamed video: ${answer.resultUrl}`);
	});

	test('Get Credits answers the balance of the credential’s account', async () => {
		const result = await chat(
			'How many credits are left?',
			{ tool: toolOf('Get Credits'), args: {} },
			(body) => ({
				text: `Credits: ${itemsOfAnswer(parseToolMessage(body.messages.filter((m) => m.role === 'tool').at(-1)))[0]?.credits}`,
			}),
		);
		expect(result.status).toBe(200);
		const [answer] = itemsOfAnswer(result.toolMessages[0]);
		expect(answer).toEqual({ credits: expect.any(Number), availableCredits: expect.any(Number) });
		expect(JSON.parse(result.text)).toEqual({ output: `Credits: ${answer.credits}` });
	});

	test('b: a failed task answers failed with its error', async () => {
		const marker = `doomed-${Date.now()}`;
		const result = await chat(
			'Make a doomed video',
			{ tool: toolOf('Create Video'), args: { prompt: `a doomed video ${marker} [fail]` } },
			finalText('It'),
		);
		expect(result.status).toBe(200);
		const answer = firstAnswer(result.toolMessages);
		expect(answer).toMatchObject({ taskId: expect.any(String), state: 'failed' });
		expect(answer.error).toEqual(expect.stringContaining('[fail]'));
		expect(await createsWith(marker)).toHaveLength(1);
	});

	test('c: a task still running after Wait in One Call answers running, and Wait For Task (Get Task) reads it running', async () => {
		await control('/settings', { taskDurationMs: LONG_TASK_MS });
		try {
			const marker = `slow-${Date.now()}`;
			const started = Date.now();
			const result = await chat(
				'Make a slow video',
				{ tool: toolOf('Create Video Briefly'), args: { prompt: `a slow video ${marker}` } },
				{
					tool: toolOf('Wait For Task'),
					args: (messages) => {
						const last = messages.filter((m) => m.role === 'tool').at(-1);
						return { taskId: itemsOfAnswer(parseToolMessage(last))[0]?.taskId };
					},
				},
				finalText('Still'),
			);
			expect({ status: result.status, pending: stub.pending() }).toEqual({
				status: 200,
				pending: 0,
			});
			expect(Date.now() - started).toBeLessThan(60_000);
			const created = firstAnswer(result.toolMessages, 0);
			expect(created).toMatchObject({ taskId: expect.any(String), state: 'running' });
			expect(created.next).toContain('Wait For Task tool');
			expect(created.next).toContain(created.taskId);
			expect(result.toolMessages).toHaveLength(2);
			expect(itemsOfAnswer(result.toolMessages[1])).toEqual([
				expect.objectContaining({ taskId: created.taskId, state: 'running' }),
			]);
			expect(await createsWith(marker)).toHaveLength(1);
		} finally {
			await control('/settings', E2E_EMULATOR_SETTINGS);
		}
	});

	test('d: a call over the Credit Cap per Call answers not created, with the cap; nothing reaches the service', async () => {
		const marker = `dear-${Date.now()}`;
		const result = await chat(
			'Make an expensive video',
			{ tool: toolOf('Create Video Capped'), args: { prompt: `too dear ${marker}` } },
			finalText('It'),
		);
		expect(result.status).toBe(200);
		const answer = firstAnswer(result.toolMessages);
		expect(answer).toMatchObject({ state: 'not created' });
		expect(answer.error).toContain('BUDGET_EXCEEDED');
		expect(answer.error).toContain('Credit Cap per Call');
		expect(await createsWith(marker)).toEqual([]);
	});

	test('d, per execution: a second call of one agent turn over the Credit Cap per Execution is refused', async () => {
		const first = `once-${Date.now()}`;
		const second = `twice-${Date.now()}`;
		const result = await chat(
			'Make two videos',
			{ tool: toolOf('Create Video Once'), args: { prompt: `the first video ${first}` } },
			{ tool: toolOf('Create Video Once'), args: { prompt: `the second video ${second}` } },
			finalText('Second'),
		);
		expect({ status: result.status, pending: stub.pending() }).toEqual({ status: 200, pending: 0 });
		expect(result.toolMessages).toHaveLength(2);
		expect(firstAnswer(result.toolMessages, 0)).toMatchObject({ state: 'completed' });
		const refused = firstAnswer(result.toolMessages, 1);
		expect(refused).toMatchObject({ state: 'not created' });
		expect(refused.error).toContain('BUDGET_EXCEEDED');
		expect(refused.error).toContain('50 left of 150 per Execution');
		expect(await createsWith(first)).toHaveLength(1);
		expect(await createsWith(second)).toEqual([]);
	});

	test('e: a Create Video tool whose parameters are {} takes the prompt from the model', async () => {
		const marker = `bare-${Date.now()}`;
		const result = await chat(
			'Make a video with the bare tool',
			{ tool: toolOf('Create Video Bare'), args: { prompt: `a bare tool video ${marker}` } },
			finalText('Done'),
		);
		expect(result.status).toBe(200);
		const [request] = await createsWith(marker);
		expect(request?.body?.inputs?.prompt).toBe(`a bare tool video ${marker}`);
		// the node's own defaults: its default model, a 45 s wait (the emulator's task takes 1 s here)
		expect(firstAnswer(result.toolMessages)).toMatchObject({
			taskId: expect.any(String),
			state: 'completed',
			resultUrl: expect.stringMatching(/^http/),
		});
	});
});

describe('the tools behind n8n’s MCP Server Trigger (the MCP SDK’s client)', () => {
	let mcp;
	beforeAll(async () => {
		mcp = await until(
			async () => {
				try {
					return await connectMcp(mcpUrl);
				} catch {
					return undefined; // the trigger's webhook registers after activation answers
				}
			},
			'the MCP Server Trigger to serve',
			60_000,
		);
	});
	afterAll(async () => {
		await mcp?.close();
		await control('/settings', E2E_EMULATOR_SETTINGS);
	});

	test('f: lists the tools with their plain-text descriptions; a long create answers running within the SDK timeout; Get Task reads it running', async () => {
		const tools = await mcp.listTools();
		const create = tools.find((t) => t.name === 'Create_Video');
		const wait = tools.find((t) => t.name === 'Wait_For_Task');
		expect({ create: !!create, wait: !!wait, names: tools.map((t) => t.name) }).toMatchObject({
			create: true,
			wait: true,
		});
		expect(create.description).toMatch(/^Makes one AI video from the prompt you write/);
		expect(create.description).not.toMatch(/\{\{|\$parameter|textToVideo/);
		expect(Object.keys(create.inputSchema?.properties ?? {})).toContain('prompt');
		expect(Object.keys(wait.inputSchema?.properties ?? {})).toContain('taskId');

		await control('/settings', { taskDurationMs: LONG_TASK_MS });
		const marker = `mcp-${Date.now()}`;
		const created = await mcp.callTool('Create_Video', { prompt: `an MCP video ${marker}` });
		if (process.env.AGENT_TOOLS_DUMP)
			fs.writeFileSync(
				`${process.env.AGENT_TOOLS_DUMP}.mcp.json`,
				JSON.stringify({ tools, created }, null, 2),
			);
		expect(created.result.isError ?? false).toBe(false);
		const answer = itemsOfAnswer({ json: created.json })[0];
		expect(answer).toMatchObject({ taskId: expect.any(String), state: 'running' });
		expect(created.ms).toBeLessThan(30_000);
		expect(await createsWith(marker)).toHaveLength(1);

		const read = await mcp.callTool('Wait_For_Task', { taskId: answer.taskId });
		expect(itemsOfAnswer({ json: read.json })).toEqual([
			expect.objectContaining({ taskId: answer.taskId, state: 'running' }),
		]);
	});
});

/** The last execution of a workflow as n8n saved it (for a failure's message). */
async function lastExecution(workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = (await session.request('GET', `/rest/executions?filter=${filter}&limit=1`)).json
		?.data;
	const [latest] = list?.results ?? list ?? [];
	return latest ? readExecution(session, latest.id) : undefined;
}
