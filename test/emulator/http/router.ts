import type { IncomingHttpHeaders } from 'node:http';
import type { Emulator } from '../emulator';
import type { Account } from '../store';
import { ApiError } from './reply';
import type { Reply } from './reply';

/** What a handler sees of a request; the body is already read. */
export interface Ctx {
	emu: Emulator;
	method: string;
	path: string;
	query: URLSearchParams;
	params: Record<string, string>;
	headers: IncomingHttpHeaders;
	body: Buffer;
	/** `http://<host the caller used>`: urls handed out point back there. */
	origin: string;
	account?: Account;
}

export interface Route {
	method: 'GET' | 'POST' | 'DELETE';
	/** Segments starting with ':' are parameters, e.g. /v1/assets/:id. */
	path: string;
	/** Served without an API key (downloads of generated files). */
	public?: boolean;
	handler: (ctx: Ctx) => Reply | Promise<Reply>;
}

export type Match = { route: Route; params: Record<string, string> } | 'wrong-method' | undefined;

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
	const want = pattern.split('/');
	const got = path.split('/');
	if (want.length !== got.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < want.length; i++) {
		if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
		else if (want[i] !== got[i]) return undefined;
	}
	return params;
}

/** Literal paths win over parameter paths (/v1/assets/groups before /v1/assets/:id). */
export function matchRoute(routes: Route[], method: string, path: string): Match {
	let pathKnown = false;
	const ordered = [...routes].sort(
		(a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
	);
	for (const route of ordered) {
		const params = matchPath(route.path, path);
		if (!params) continue;
		if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
			return { route, params };
		pathKnown = true;
	}
	return pathKnown ? 'wrong-method' : undefined;
}

/** The caller's account; the server has already answered 401 for protected routes without one. */
export function accountOf(ctx: Ctx): Account {
	if (!ctx.account) throw new ApiError(401, 'Missing or invalid API key', 'UNAUTHORIZED');
	return ctx.account;
}
