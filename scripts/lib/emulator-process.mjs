// Runs the emulator of both services (test/emulator, TypeScript) as a child process, as
// `npm run emulator` does, and talks to it over HTTP. Plain Node ESM.
import path from 'node:path';

import { REPO_ROOT } from '../n8n/paths.mjs';
import { spawnOwned } from './child.mjs';

export const DEMO_KEY = 'demo-key';

/**
 * Starts `test/emulator/cli.ts` under tsx (one Node process: `node --import tsx`) and waits for
 * its "listening on http://127.0.0.1:<port>" line.
 * @param {{ port: number, timeoutMs?: number }} opts
 */
export async function startEmulatorProcess({ port, timeoutMs = 60_000 }) {
	let listening, failing;
	const ready = new Promise((resolve, reject) => ([listening, failing] = [resolve, reject]));
	const proc = spawnOwned(
		process.execPath,
		['--import', 'tsx', path.join('test', 'emulator', 'cli.ts'), '--port', String(port)],
		{
			cwd: REPO_ROOT,
			onOutput: () => {
				const match = /http:\/\/127\.0\.0\.1:\d+/.exec(proc.output());
				if (match) listening(match[0]);
			},
		},
	);
	const failed = (why) => new Error(`the emulator ${why}:\n${proc.output()}`);
	proc.exited.then(({ code, signal, error }) =>
		failing(
			failed(
				error
					? `could not start (${error.message})`
					: `exited (${signal ?? code}) before it was ready`,
			),
		),
	);
	const timer = setTimeout(
		() => proc.stop().then(() => failing(failed(`did not start within ${timeoutMs} ms`))),
		timeoutMs,
	);
	const url = await ready.finally(() => clearTimeout(timer));
	return {
		url,
		unifiedBaseUrl: `${url}/api/v1`,
		compatBaseUrl: url,
		child: proc.child,
		output: proc.output,
		...emulatorClient(url),
		stop: proc.stop,
	};
}

/** An HTTP client of a running emulator at `url` (GET, or POST when `json` is given; JSON parsed). */
export function emulatorClient(url) {
	const call = async (urlPath, { key = DEMO_KEY, json } = {}) => {
		const res = await fetch(`${url}${urlPath}`, {
			method: json === undefined ? 'GET' : 'POST',
			headers: {
				...(key ? { authorization: `Bearer ${key}` } : {}),
				...(json === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: json === undefined ? undefined : JSON.stringify(json),
		});
		const text = await res.text();
		if (!res.ok) throw new Error(`${urlPath} answered ${res.status}: ${text}`);
		return text ? JSON.parse(text) : undefined;
	};
	return {
		call,
		/** An account's credits ({ credits, availableCredits }); the demo account by default. */
		credits: (key = DEMO_KEY) => call('/api/v1/account/credits', { key }),
		/** An account's compat balance as a number (the API sends a decimal string). */
		compatBalance: async (key = DEMO_KEY) =>
			Number((await call('/v1/me/balance', { key })).balance),
		/** The control API (no key): e.g. control('/requests?path=/api/v1/jobs/createTask'). */
		control: (urlPath, json) => call(`/__control${urlPath}`, { key: null, json }),
	};
}
