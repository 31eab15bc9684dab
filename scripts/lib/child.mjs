// Child processes of the scripts: the environment npm and n8n get, a command run to completion,
// and long-lived children that never outlive this process. Plain Node ESM.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The environment for an npm (or n8n) child process, without what `npm start` / `npm run` put
 * there for this repository: its project config (.npmrc `ignore-scripts=true` arrives as
 * npm_config_ignore_scripts and would stop the Node 24 runtime and sqlite3 from installing) and
 * its project root (npm_config_local_prefix). User and global npm config stay.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function childEnv(env = process.env) {
	return Object.fromEntries(
		Object.entries(env).filter(([key]) => !/^npm_config_(ignore_scripts|local_prefix)$/i.test(key)),
	);
}

const execFileAsync = promisify(execFile);

/**
 * Runs a command to completion with its output captured; rejects with that output when it fails.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [opts]
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
export async function run(cmd, args, { cwd, env = childEnv() } = {}) {
	try {
		return await execFileAsync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 30 });
	} catch (error) {
		throw new Error(
			`${cmd} ${args.join(' ')} exited ${error.code}:\n${error.stderr ?? ''}${error.stdout ?? ''}`.trimEnd(),
		);
	}
}

/**
 * Ties a child to this process: killed with `exitSignal` when this process exits first (Ctrl-C, a
 * CI timeout); stop() asks with `stopSignal` and kills after `graceMs`. `send` delivers a signal
 * (to the child alone by default; process-group.mjs sends to its whole group).
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ exitSignal?: NodeJS.Signals, stopSignal?: NodeJS.Signals, graceMs?: number, send?: (signal: NodeJS.Signals) => void }} [opts]
 */
export function own(
	child,
	{
		exitSignal = 'SIGKILL',
		stopSignal = 'SIGTERM',
		graceMs = 5_000,
		send = (signal) => child.kill(signal),
	} = {},
) {
	const killOnExit = () => send(exitSignal);
	process.on('exit', killOnExit);
	let status = null;
	let spawnError;
	child.on('error', (error) => (spawnError = error));
	/** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null, error?: Error }>} */
	const exited = new Promise((resolve) =>
		child.on('close', (code, signal) => {
			process.off('exit', killOnExit);
			resolve((status = { code, signal, error: spawnError }));
		}),
	);
	const stop = async () => {
		if (status) return status;
		send(stopSignal);
		const kill = setTimeout(() => send('SIGKILL'), graceMs);
		const result = await exited;
		clearTimeout(kill);
		return result;
	};
	return { child, exited, stop, status: () => status };
}

/**
 * Spawns a long-lived child with its output collected (and handed to `onOutput` as it comes);
 * see own() for how it ends.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, graceMs?: number, onOutput?: (chunk: string) => void }} [opts]
 */
export function spawnOwned(cmd, args, { cwd, env, graceMs, onOutput } = {}) {
	const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
	const text = { stdout: '', stderr: '', output: '' };
	for (const stream of ['stdout', 'stderr']) {
		child[stream].setEncoding('utf8').on('data', (chunk) => {
			text[stream] += chunk;
			text.output += chunk;
			onOutput?.(chunk);
		});
	}
	return {
		...own(child, { graceMs }),
		stdout: () => text.stdout,
		stderr: () => text.stderr,
		output: () => text.output,
	};
}
