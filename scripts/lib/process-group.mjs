// Long-lived services (Postgres, Redis, the n8n processes of queue mode) in their own process group:
// Ctrl-C in the terminal reaches only the script, which then stops them in order, each with all
// its own children (n8n's task runners, Postgres's backends). Plain Node ESM.
import { spawn } from 'node:child_process';

import { own } from './child.mjs';

/** Sends `signal` to the child's whole group; false when it is gone already. */
function signalGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
		return true;
	} catch {
		return false;
	}
}

/**
 * Spawns `cmd` as the leader of a new process group with its output collected (and handed to
 * `onOutput`). stop() sends `stopSignal` to the group and SIGKILL after `graceMs`; the group is
 * killed when this process exits first.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, uid?: number, gid?: number, stopSignal?: NodeJS.Signals, graceMs?: number, onOutput?: (chunk: string) => void }} [opts]
 */
export function spawnGroup(
	cmd,
	args,
	{ cwd, env, uid, gid, stopSignal = 'SIGTERM', graceMs = 15_000, onOutput } = {},
) {
	const child = spawn(cmd, args, {
		cwd,
		env,
		uid,
		gid,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	for (const stream of [child.stdout, child.stderr]) {
		stream.setEncoding('utf8').on('data', (chunk) => {
			output += chunk;
			onOutput?.(chunk);
		});
	}
	const owned = own(child, { stopSignal, graceMs, send: (signal) => signalGroup(child, signal) });
	const stop = async () => {
		const result = await owned.stop();
		// what the leader left behind (a task runner, a backend) goes with it
		signalGroup(child, 'SIGKILL');
		return result;
	};
	return { ...owned, stop, output: () => output };
}

/**
 * Waits until `probe()` is true; fails early with the service's output when it exits, and after
 * `timeoutMs`.
 * @param {string} name what the errors call the service
 * @param {ReturnType<typeof spawnGroup>} proc
 * @param {() => Promise<boolean>} probe
 * @param {number} timeoutMs
 */
export async function waitUntilReady(name, proc, probe, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const exited = proc.status();
		if (exited)
			throw new Error(
				`${name} exited (${exited.error?.message ?? exited.signal ?? exited.code}) before it was ready:\n${proc.output().slice(-4000)}`,
			);
		if (await probe().catch(() => false)) return;
		if (Date.now() > deadline) {
			await proc.stop();
			throw new Error(
				`${name} was not ready after ${timeoutMs / 1000} s:\n${proc.output().slice(-4000)}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
