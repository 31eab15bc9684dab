// Runs the emulator of both services (test/emulator, TypeScript) as a child process, as
// `npm run emulator` does, and talks to it over HTTP. Plain Node ESM, no dependencies.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

import { REPO_ROOT } from '../n8n/paths.mjs';

export const DEMO_KEY = 'demo-key';

/** True when nothing listens on 127.0.0.1:<port> and we may bind it. */
export function isPortFree(port) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

/**
 * Starts `test/emulator/cli.ts` under tsx (one Node process: `node --import tsx`) and waits for
 * its "listening on http://127.0.0.1:<port>" line.
 * @param {{ port: number, timeoutMs?: number }} opts
 */
export async function startEmulatorProcess({ port, timeoutMs = 60_000 }) {
	const child = spawn(process.execPath, ['--import', 'tsx', path.join('test', 'emulator', 'cli.ts'), '--port', String(port)], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	let exited = null;
	const exit = new Promise((resolve) =>
		child.on('close', (code, signal) => {
			exited = { code, signal };
			resolve(exited);
		}),
	);
	const killOnExit = () => child.kill('SIGKILL');
	process.on('exit', killOnExit);
	exit.then(() => process.off('exit', killOnExit));

	const url = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`the emulator did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
		const onData = (chunk) => {
			output += chunk;
			const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
			if (match) {
				clearTimeout(timer);
				resolve(match[0]);
			}
		};
		child.stdout.setEncoding('utf8').on('data', onData);
		child.stderr.setEncoding('utf8').on('data', onData);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		exit.then(({ code, signal }) => {
			clearTimeout(timer);
			reject(new Error(`the emulator exited (${signal ?? code}) before it was ready:\n${output}`));
		});
	});

	const { call, credits, control } = emulatorClient(url);

	return {
		url,
		unifiedBaseUrl: `${url}/api/v1`,
		compatBaseUrl: url,
		child,
		output: () => output,
		call,
		credits,
		control,
		async stop() {
			if (exited) return exited;
			child.kill('SIGTERM');
			const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
			const result = await exit;
			clearTimeout(t);
			return result;
		},
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
		/** The control API (no key): e.g. control('/requests?path=/api/v1/jobs/createTask'). */
		control: (urlPath, json) => call(`/__control${urlPath}`, { key: null, json }),
	};
}
