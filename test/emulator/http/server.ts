import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isCompatPath } from '../compat/base-paths';
import type { Emulator } from '../emulator';
import { now } from '../emulator';
import type { Fault } from '../control/faults';
import type { LogEntry } from '../control/request-log';
import { authenticate, bearerKey } from './auth';
import { describeBody, readBody } from './body';
import { ApiError } from './reply';
import type { Reply } from './reply';
import { matchRoute } from './router';
import type { Ctx, Route } from './router';

/** Control endpoints: not logged, not faulted, never authenticated. */
const CONTROL_PREFIX = '/__control';

/** The log entry of each response, given its status as the status line is written (before the client can read it). */
const logged = new WeakMap<ServerResponse, LogEntry>();

export function startHttpServer(emu: Emulator, routes: Route[], control: Route[]): Server {
	const server = createServer((req, res) => {
		handle(emu, routes, control, req, res).catch((error) =>
			send(res, errorReply(req.url ?? '', error)),
		);
	});
	// An idle connection is closed by its client, never here: a server that closes one after 5 s
	// races a client whose loop was busy and sends on it, which then fails with ECONNRESET.
	server.keepAliveTimeout = 0;
	return server;
}

async function handle(
	emu: Emulator,
	routes: Route[],
	control: Route[],
	req: IncomingMessage,
	res: ServerResponse,
) {
	const url = new URL(req.url ?? '/', 'http://emulator');
	const method = (req.method ?? 'GET').toUpperCase();
	const { bytes, tooLarge } = await readBody(req);
	const isControl = url.pathname.startsWith(CONTROL_PREFIX);
	const entry = isControl ? undefined : logRequest(emu, req, method, url, bytes);
	if (entry) logged.set(res, entry);
	if (tooLarge)
		return send(
			res,
			errorReply(url.pathname, new ApiError(413, 'The body exceeds 60 MB', 'FILE_TOO_LARGE')),
		);
	const fault = entry ? emu.faults.take(method, url.pathname, bytes) : undefined;
	if (fault && (await applyFault(emu, fault, req, res, entry as LogEntry))) return;
	const ctx: Ctx = {
		emu,
		method,
		path: url.pathname,
		query: url.searchParams,
		params: {},
		headers: req.headers,
		body: bytes,
		origin: `http://${req.headers.host ?? 'localhost'}`,
	};
	send(res, await dispatch(isControl ? control : routes, ctx));
}

async function dispatch(routes: Route[], ctx: Ctx): Promise<Reply> {
	try {
		const match = matchRoute(routes, ctx.method, ctx.path);
		if (match === 'wrong-method')
			throw new ApiError(405, `${ctx.method} is not allowed on ${ctx.path}`, 'METHOD_NOT_ALLOWED');
		if (!match) throw new ApiError(404, `No endpoint ${ctx.method} ${ctx.path}`, 'NOT_FOUND');
		ctx.params = match.params;
		if (!match.route.public) ctx.account = authenticate(ctx.emu.store, ctx.headers);
		return await match.route.handler(ctx);
	} catch (error) {
		return errorReply(ctx.path, error);
	}
}

function logRequest(
	emu: Emulator,
	req: IncomingMessage,
	method: string,
	url: URL,
	bytes: Buffer,
): LogEntry {
	return emu.log.start({
		time: now(),
		method,
		path: url.pathname,
		query: Object.fromEntries(url.searchParams),
		status: 0,
		apiKey: bearerKey(req.headers),
		body: describeBody(req.headers['content-type'], bytes),
	});
}

/** Returns true when the fault answered (or dropped) the request; a pure delay lets it through. */
async function applyFault(
	emu: Emulator,
	fault: Fault,
	req: IncomingMessage,
	res: ServerResponse,
	entry: LogEntry,
) {
	entry.fault = 'delay';
	if (fault.delayMs) await emu.timers.sleep(fault.delayMs);
	if (fault.drop) {
		entry.fault = 'drop';
		req.socket.destroy();
		return true;
	}
	if (fault.malformed) {
		entry.fault = 'malformed';
		entry.status = fault.status ?? 200;
		res.writeHead(fault.status ?? 200, { 'content-type': 'application/json' });
		res.end('{"malformed": tr');
		return true;
	}
	if (fault.status === undefined) return false;
	entry.fault = 'status';
	const body = fault.body ?? {
		message: `Injected fault: HTTP ${fault.status}`,
		code: 'INJECTED_FAULT',
	};
	send(res, { status: fault.status, json: body });
	return true;
}

/**
 * Unified errors are `{message, code?, path?}` (Unified Generation API, Errors). The
 * Task-Compatible Video Generation API, Errors, shows no shape: the emulator sends the upstream
 * provider's `{error: {code, message, param?}}` (`param`: the field in error, as its SDK reads it)
 * plus the top-level message, code and path.
 */
function errorReply(path: string, error: unknown): Reply {
	const api =
		error instanceof ApiError
			? error
			: new ApiError(500, `Internal error: ${(error as Error)?.message}`, 'INTERNAL_ERROR');
	const body: Record<string, unknown> = { message: api.message };
	if (api.code) body.code = api.code;
	if (api.path) body.path = api.path;
	if (isCompatPath(path)) {
		const param = api.path === undefined ? {} : { param: api.path };
		body.error = { code: api.code ?? 'ERROR', message: api.message, ...param };
	}
	return { status: api.status, json: body };
}

function send(res: ServerResponse, reply: Reply): void {
	if (res.headersSent || res.destroyed) return;
	const entry = logged.get(res);
	if (entry) entry.status = reply.status ?? 200;
	const bytes = reply.bytes ?? Buffer.from(JSON.stringify(reply.json ?? null));
	res.writeHead(reply.status ?? 200, {
		'content-type': reply.contentType ?? 'application/json; charset=utf-8',
		'content-length': String(bytes.length),
		...reply.headers,
	});
	res.end(res.req.method === 'HEAD' ? undefined : bytes);
}
