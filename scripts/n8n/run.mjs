// Helpers to run a locally installed n8n CLI (see install.mjs) under the Node it needs. Every helper
// takes `n8n`, the layout of one release (paths.mjs n8nLayout); the default release when absent.
// Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

import { childEnv, spawnOwned } from '../lib/child.mjs';
import { readJsonOr } from '../lib/files.mjs';
import { freePort } from '../lib/ports.mjs';
import { DEFAULT_N8N } from './paths.mjs';
import { batchExitCode, executeExitCode, exitAsMeant } from './exit-segfault.mjs';

export { freePort };

/**
 * Environment for the n8n CLI: offline, quiet, SQLite in `<userFolder>/.n8n`.
 * The release's own settings (n8n.env) come next, `extra` last (a value of `undefined` removes a variable).
 * @param {string} userFolder N8N_USER_FOLDER (n8n keeps its data in `<userFolder>/.n8n`)
 * @param {Record<string, string | undefined>} [extra]
 * @param {typeof DEFAULT_N8N} [n8n]
 */
export function n8nEnv(userFolder, extra = {}, n8n = DEFAULT_N8N) {
	const env = {
		...childEnv(),
		PATH: `${n8n.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
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
		// Code node: task runners launched by n8n itself (no external launcher).
		// (N8N_RUNNERS_ENABLED is gone in 2.x: setting it only prints a deprecation.)
		N8N_RUNNERS_MODE: 'internal',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_TASK_TIMEOUT: '60',
		// the MCP registry module fetches a server list from the internet at start
		N8N_DISABLED_MODULES: 'mcp-registry',
		// community packages (installed into <userFolder>/.n8n/nodes) are loaded
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		// set explicitly only to silence "default will change" deprecation notices
		N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(256 * 1024 * 1024),
		N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '1000',
		// no warning about settings-file permissions
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		// CLI commands print their results (list:workflow, execute --rawOutput, …)
		// through the logger at level info: `warn` would hide them.
		N8N_LOG_LEVEL: 'info',
		NO_COLOR: '1',
		// Must not inherit NODE_ENV=test from a test runner (jest and vitest set it): n8n then
		// skips loading nodes and its logger goes silent (`execute` prints nothing, exit 0).
		NODE_ENV: 'production',
	};
	// A parent's NODE_OPTIONS (e.g. a TS loader `--import tsx`) would be loaded
	// into n8n's Node 24 too; E2E_TESTS=true switches n8n into its own e2e mode.
	delete env.NODE_OPTIONS;
	delete env.E2E_TESTS;
	for (const [k, v] of Object.entries({ ...n8n.env, ...extra })) {
		if (v === undefined) delete env[k];
		else env[k] = String(v);
	}
	return env;
}

/**
 * Runs `<node24> <n8n> ...args` to completion (stopped after `timeoutMs`). `onSpawn` gets the
 * child process as soon as it runs (the benchmark samples its memory).
 * @param {string[]} args e.g. ['execute', '--id', 'abc', '--rawOutput']
 * @param {{ userFolder: string, n8n?: typeof DEFAULT_N8N, env?: Record<string, string|undefined>, timeoutMs?: number, cwd?: string, onSpawn?: (child: import('node:child_process').ChildProcess) => void }} opts
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export async function runN8n(
	args,
	{ userFolder, n8n = DEFAULT_N8N, env = {}, timeoutMs = 180_000, cwd, onSpawn } = {},
) {
	if (!userFolder) throw new Error('runN8n: userFolder is required');
	const proc = spawnOwned(n8n.nodeBin, [n8n.n8nBin, ...args], {
		cwd: cwd ?? userFolder,
		env: await n8nProcessEnv(userFolder, env, n8n),
	});
	onSpawn?.(proc.child);
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		proc.stop();
	}, timeoutMs);
	const { code, signal, error } = await proc.exited;
	clearTimeout(timer);
	if (error) throw error;
	return { code, signal, stdout: proc.stdout(), stderr: proc.stderr(), timedOut };
}

/**
 * n8nEnv() for a new n8n process, once n8n is known to be installed and its user folder exists;
 * a free task-runner broker port is picked unless `env` sets N8N_RUNNERS_BROKER_PORT, so several
 * n8n processes can run at once.
 */
async function n8nProcessEnv(userFolder, env, n8n) {
	if (!fs.existsSync(n8n.nodeBin) || !fs.existsSync(n8n.n8nBin)) {
		throw new Error(
			`n8n ${n8n.version} is not installed in the cache; run: node scripts/n8n/install.mjs --n8n ${n8n.version} (${n8n.n8nBin})`,
		);
	}
	fs.mkdirSync(userFolder, { recursive: true });
	return n8nEnv(userFolder, { N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...env }, n8n);
}

/**
 * Pulls the pretty-printed JSON document out of CLI output that also holds log
 * lines (e.g. `n8n execute --id X --rawOutput` prints "n8n Task Broker ready…"
 * etc. before the JSON). Returns undefined when there is none.
 * @param {string} stdout
 */
export function parseJsonOutput(stdout) {
	const lines = stdout.split('\n');
	const starts = [];
	const ends = [];
	lines.forEach((l, i) => {
		const t = l.trimEnd();
		if (t === '{' || t === '[' || /^[[{].*[\]}]$/.test(t)) starts.push(i);
		if (t === '}' || t === ']' || /^[[{].*[\]}]$/.test(t)) ends.push(i);
	});
	for (const s of starts) {
		for (let k = ends.length - 1; k >= 0 && ends[k] >= s; k--) {
			try {
				return JSON.parse(lines.slice(s, ends[k] + 1).join('\n'));
			} catch {
				// not a whole document: try a shorter one
			}
		}
	}
	return undefined;
}

/**
 * Runs `n8n execute --id <id> --rawOutput` and returns the parsed run
 * ({ data: { resultData: { runData, lastNodeExecuted, error? } }, status, finished, … })
 * as `run`, next to the raw process result. A failed execution exits 1 and still
 * prints the run (with `run.data.resultData.error`) after "Execution error:";
 * `run` is undefined only when no JSON was printed (e.g. unknown workflow id).
 * @param {string} workflowId
 * @param {{ userFolder: string, n8n?: typeof DEFAULT_N8N, env?: Record<string, string|undefined>, timeoutMs?: number }} opts
 */
export async function executeWorkflow(workflowId, opts) {
	const r = await runN8n(['execute', `--id=${workflowId}`, '--rawOutput'], opts);
	const run = parseJsonOutput(r.stdout);
	return { ...exitAsMeant(r, executeExitCode(run)), run };
}

/**
 * Runs several workflows in ONE n8n process: `n8n execute-batch` (n8n's CLI for running many
 * workflows; `--retries=0` so a failed workflow is not run, and billed, twice). n8n writes the
 * full run of every successful workflow to `<snapshotDir>/<id>-snapshot.json` and a summary
 * (`executions[]` with `executionStatus` and, for failures, `error`) to a file.
 * Workflow ids must contain a digit (n8n filters the list with /\d+/).
 * @param {string[]} workflowIds
 * @param {{ userFolder: string, n8n?: typeof DEFAULT_N8N, concurrency?: number, env?: Record<string, string|undefined>, timeoutMs?: number }} opts
 * @returns {Promise<{ code: number|null, signal: string|null, stdout: string, stderr: string, timedOut: boolean, summary: any, runs: Record<string, any> }>}
 */
export async function executeWorkflows(
	workflowIds,
	{ userFolder, n8n, concurrency = 1, env, timeoutMs = 600_000 },
) {
	const dir = fs.mkdtempSync(path.join(path.resolve(userFolder), 'batch-'));
	const snapshotDir = path.join(dir, 'snapshots');
	const summaryFile = path.join(dir, 'summary.json');
	fs.mkdirSync(snapshotDir);
	const r = await runN8n(
		[
			'execute-batch',
			`--ids=${workflowIds.join(',')}`,
			`--concurrency=${concurrency}`,
			'--retries=0',
			`--snapshot=${snapshotDir}`,
			`--output=${summaryFile}`,
		],
		{ userFolder, n8n, env, timeoutMs },
	);
	const runs = Object.fromEntries(
		workflowIds
			.map((id) => [id, readJsonOr(path.join(snapshotDir, `${id}-snapshot.json`), undefined)])
			.filter(([, run]) => run),
	);
	const summary = readJsonOr(summaryFile, undefined);
	return { ...exitAsMeant(r, batchExitCode(summary)), summary, runs };
}

/**
 * Starts `n8n start` in the background and waits until GET /healthz/readiness answers 200 and the
 * REST routes are mounted (while migrations run, every other path answers 200 "n8n is starting up.
 * Please wait", so /healthz alone is no ready signal; n8n 1.x answers readiness before it mounts
 * /rest/*, which answer 404 until then).
 * Listens on 127.0.0.1:<port> (a free one unless given); call stop() when done.
 * @param {{ userFolder: string, n8n?: typeof DEFAULT_N8N, port?: number, env?: Record<string, string|undefined>, timeoutMs?: number, onOutput?: (chunk: string) => void }} opts
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, port: number, baseUrl: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startN8n({
	userFolder,
	n8n = DEFAULT_N8N,
	port,
	env = {},
	timeoutMs = 120_000,
	onOutput,
} = {}) {
	if (!userFolder) throw new Error('startN8n: userFolder is required');
	port ??= await freePort();
	// SIGTERM: n8n shuts down gracefully, task runners included
	const proc = spawnOwned(n8n.nodeBin, [n8n.n8nBin, 'start'], {
		cwd: userFolder,
		env: await n8nProcessEnv(userFolder, { N8N_PORT: String(port), ...env }, n8n),
		graceMs: 15_000,
		onOutput,
	});
	const baseUrl = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + timeoutMs;
	while (!(await isReady(baseUrl))) {
		const exited = proc.status();
		if (exited)
			throw new Error(
				`n8n start exited early (${exited.signal ?? exited.code}):\n${proc.output().slice(-4000)}`,
			);
		if (Date.now() > deadline) {
			await proc.stop();
			throw new Error(`n8n start not ready after ${timeoutMs} ms:\n${proc.output().slice(-4000)}`);
		}
		await delay(250);
	}
	return {
		child: proc.child,
		port,
		baseUrl,
		output: proc.output,
		stop: async () => void (await proc.stop()),
	};
}

async function isReady(baseUrl) {
	const status = async (urlPath) =>
		(await fetch(`${baseUrl}${urlPath}`, { signal: AbortSignal.timeout(2_000) })).status;
	try {
		return (await status('/healthz/readiness')) === 200 && (await status('/rest/settings')) !== 404;
	} catch {
		return false;
	}
}
