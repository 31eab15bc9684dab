// Helpers to run the locally installed n8n CLI (see install.mjs) under Node 24.
// Plain Node ESM, no dependencies.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { N8N_BIN, NODE_BIN, NODE_BIN_DIR } from './paths.mjs';

/**
 * Environment for the n8n CLI: offline, quiet, SQLite in `<userFolder>/.n8n`.
 * `extra` is merged last (a value of `undefined` removes a variable).
 * @param {string} userFolder N8N_USER_FOLDER (n8n keeps its data in `<userFolder>/.n8n`)
 * @param {Record<string, string | undefined>} [extra]
 */
export function n8nEnv(userFolder, extra = {}) {
	const env = {
		...process.env,
		PATH: `${NODE_BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: path.resolve(userFolder),
		DB_TYPE: 'sqlite',
		// no calls home, no banners
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		// plain-HTTP editor on loopback
		N8N_SECURE_COOKIE: 'false',
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		// Code node: task runners launched by n8n itself (no external runner)
		N8N_RUNNERS_ENABLED: 'true',
		N8N_RUNNERS_MODE: 'internal',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// community packages (installed into <userFolder>/.n8n/nodes) are loaded
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		// quiet, and no warning about settings-file permissions
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_LOG_LEVEL: 'warn',
		NO_COLOR: '1',
		NODE_ENV: 'production',
	};
	for (const [k, v] of Object.entries(extra)) {
		if (v === undefined) delete env[k];
		else env[k] = String(v);
	}
	return env;
}

/** A free TCP port on 127.0.0.1 (asked from the OS). */
export function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/**
 * Runs `<node24> <n8n> ...args` to completion.
 * A free task-runner broker port is picked unless env sets N8N_RUNNERS_BROKER_PORT,
 * so several n8n processes can run at once.
 * @param {string[]} args e.g. ['execute', '--id', 'abc', '--rawOutput']
 * @param {{ userFolder: string, env?: Record<string, string|undefined>, timeoutMs?: number, cwd?: string }} opts
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export async function runN8n(args, { userFolder, env = {}, timeoutMs = 180_000, cwd } = {}) {
	if (!userFolder) throw new Error('runN8n: userFolder is required');
	assertInstalled();
	fs.mkdirSync(userFolder, { recursive: true });
	const extra = { ...env };
	if (!('N8N_RUNNERS_BROKER_PORT' in extra)) extra.N8N_RUNNERS_BROKER_PORT = String(await freePort());
	return new Promise((resolve, reject) => {
		const child = spawn(NODE_BIN, [N8N_BIN, ...args], {
			cwd: cwd ?? userFolder,
			env: n8nEnv(userFolder, extra),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
		child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGTERM');
			setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({ code, signal, stdout, stderr, timedOut });
		});
	});
}

/**
 * Starts `n8n start` in the background and waits until GET /healthz/readiness answers 200.
 * @param {{ userFolder: string, port?: number, env?: Record<string, string|undefined>, timeoutMs?: number, onOutput?: (chunk: string) => void }} opts
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, port: number, baseUrl: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startN8n({ userFolder, port, env = {}, timeoutMs = 120_000, onOutput } = {}) {
	if (!userFolder) throw new Error('startN8n: userFolder is required');
	assertInstalled();
	fs.mkdirSync(userFolder, { recursive: true });
	port ??= await freePort();
	const extra = { N8N_PORT: String(port), ...env };
	if (!('N8N_RUNNERS_BROKER_PORT' in extra)) extra.N8N_RUNNERS_BROKER_PORT = String(await freePort());
	const child = spawn(NODE_BIN, [N8N_BIN, 'start'], {
		cwd: userFolder,
		env: n8nEnv(userFolder, extra),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	const onData = (d) => {
		output += d;
		onOutput?.(d);
	};
	child.stdout.setEncoding('utf8').on('data', onData);
	child.stderr.setEncoding('utf8').on('data', onData);
	let exited = null;
	const exitPromise = new Promise((r) => child.on('close', (code, signal) => r((exited = { code, signal }))));

	const stop = async () => {
		if (exited) return;
		child.kill('SIGTERM');
		const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
		await exitPromise;
		clearTimeout(t);
	};

	const baseUrl = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (exited) {
			throw new Error(`n8n start exited early (${exited.signal ?? exited.code}):\n${output.slice(-4000)}`);
		}
		try {
			const res = await fetch(`${baseUrl}/healthz/readiness`, { signal: AbortSignal.timeout(2_000) });
			if (res.status === 200) break;
		} catch {}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`n8n start not ready after ${timeoutMs} ms:\n${output.slice(-4000)}`);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
	return { child, port, baseUrl, output: () => output, stop };
}

function assertInstalled() {
	if (!fs.existsSync(NODE_BIN) || !fs.existsSync(N8N_BIN)) {
		throw new Error(`n8n is not installed in the cache; run: node scripts/n8n/install.mjs (${N8N_BIN})`);
	}
}
