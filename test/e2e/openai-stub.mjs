// A scripted model behind an OpenAI-compatible HTTP API, for the AI Agent tests: n8n's OpenAI Chat
// Model (its credential's Base URL pointed here) posts `/chat/completions`, streamed or not, and
// lists `/models`. Each completion answers with the next scripted reply (a tool call or a final
// text); every request is kept, so a test reads what each tool answered the model (the `tool`
// messages the agent sends back). Plain Node ESM, no dependency.
import http from 'node:http';

/**
 * A reply of the scripted model: `{ tool, args }` calls the tool whose name matches `tool` (a
 * RegExp or a string the tool's name contains, case- and underscore-blind: "Create Video" finds
 * `Create_Video`) with the arguments `args` (an object, or a function of the request's messages);
 * `{ text }` answers the user. A function of the request returns one of these.
 * @typedef {{ tool: RegExp | string, args: object | ((messages: any[]) => object) } | { text: string }} Reply
 */

/**
 * Starts the stub on a free port of 127.0.0.1.
 * @returns {Promise<{ url: string, script: (...replies: Array<Reply | ((body: any) => Reply)>) => void, requests: any[], completions: () => any[], toolMessages: () => any[], pending: () => number, close: () => Promise<void> }>}
 */
export async function startOpenAiStub() {
	/** @type {any[]} every request: { method, path, body } */
	const requests = [];
	/** @type {Array<Reply | ((body: any) => Reply)>} */
	let replies = [];
	let calls = 0;

	const server = http.createServer(async (req, res) => {
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const text = Buffer.concat(chunks).toString('utf8');
		let body;
		try {
			body = text ? JSON.parse(text) : undefined;
		} catch {
			body = text;
		}
		const path = new URL(req.url ?? '/', 'http://stub').pathname;
		requests.push({ method: req.method, path, body });
		try {
			if (req.method === 'GET' && path.endsWith('/models')) {
				return send(res, 200, {
					object: 'list',
					data: [{ id: 'gpt-5-mini', object: 'model', created: 1_700_000_000, owned_by: 'stub' }],
				});
			}
			if (req.method === 'POST' && path.endsWith('/chat/completions')) {
				const next = replies.shift();
				if (!next)
					return send(res, 500, { error: { message: 'the scripted model has no reply left' } });
				const reply = typeof next === 'function' ? next(body) : next;
				const message = assistantMessage(reply, body, ++calls);
				return body?.stream ? stream(res, body, message) : complete(res, body, message);
			}
			return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
		} catch (error) {
			return send(res, 500, { error: { message: String(error?.stack ?? error) } });
		}
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	const completions = () =>
		requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions'));

	return {
		/** The Base URL of an `openAiApi` credential (with `/v1`, as OpenAI's own). */
		url: `http://127.0.0.1:${port}/v1`,
		/** Replaces the replies still to come. */
		script: (...next) => {
			replies = [...next];
		},
		requests,
		completions,
		/** The tool messages of the last completion request: what each tool answered, parsed. */
		toolMessages: () => {
			const last = completions().at(-1)?.body?.messages ?? [];
			return last.filter((m) => m.role === 'tool').map(parseToolMessage);
		},
		/** Replies not used yet. */
		pending: () => replies.length,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

/** A tool message as the agent sent it, its content parsed from JSON when it is JSON. */
export function parseToolMessage(message) {
	const text =
		typeof message.content === 'string'
			? message.content
			: (message.content ?? []).map((part) => part.text ?? '').join('');
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		// not JSON: the caller reads `text`
	}
	return { toolCallId: message.tool_call_id, text, json };
}

/** The name of the tool a request offers that matches `wanted` (see Reply). */
export function toolName(body, wanted) {
	const names = (body?.tools ?? []).map((t) => t.function?.name ?? t.name);
	const plain = (s) =>
		String(s)
			.toLowerCase()
			.replace(/[\s_-]+/g, '');
	const found = names.find((name) =>
		wanted instanceof RegExp ? wanted.test(name) : plain(name).includes(plain(wanted)),
	);
	if (!found)
		throw new Error(`the request offers no tool matching ${wanted}: ${JSON.stringify(names)}`);
	return found;
}

function assistantMessage(reply, body, call) {
	if ('text' in reply) return { role: 'assistant', content: reply.text };
	const args = typeof reply.args === 'function' ? reply.args(body?.messages ?? []) : reply.args;
	return {
		role: 'assistant',
		content: null,
		tool_calls: [
			{
				id: `call_stub_${call}`,
				type: 'function',
				function: { name: toolName(body, reply.tool), arguments: JSON.stringify(args ?? {}) },
			},
		],
	};
}

const finishReason = (message) => (message.tool_calls ? 'tool_calls' : 'stop');
const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function complete(res, body, message) {
	send(res, 200, {
		id: `chatcmpl-stub-${Date.now()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: body?.model ?? 'gpt-5-mini',
		choices: [{ index: 0, message, finish_reason: finishReason(message), logprobs: null }],
		usage: USAGE,
	});
}

/** Server-sent events as OpenAI streams them: the role, the content or tool calls, the finish, [DONE]. */
function stream(res, body, message) {
	res.writeHead(200, {
		'content-type': 'text/event-stream',
		'cache-control': 'no-cache',
		connection: 'keep-alive',
	});
	const base = {
		id: `chatcmpl-stub-${Date.now()}`,
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model: body?.model ?? 'gpt-5-mini',
	};
	const chunk = (delta, finish = null, extra = {}) =>
		res.write(
			`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra })}\n\n`,
		);
	chunk({ role: 'assistant', content: message.tool_calls ? null : '' });
	if (message.tool_calls) {
		message.tool_calls.forEach((call, index) => chunk({ tool_calls: [{ index, ...call }] }));
	} else {
		chunk({ content: message.content });
	}
	chunk({}, finishReason(message));
	if (body?.stream_options?.include_usage)
		res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: USAGE })}\n\n`);
	res.end('data: [DONE]\n\n');
}

function send(res, status, json) {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(json));
}
