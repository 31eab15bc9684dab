// Redis for queue mode, from the system: `redis-server` on PATH, else installed with the
// platform's package manager where this script can (apt-get as root on Debian and Ubuntu, Homebrew
// on macOS), else a message saying how. Runs on 127.0.0.1 without persistence. Plain Node ESM.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { run } from './child.mjs';
import { spawnGroup, waitUntilReady } from './process-group.mjs';

/** The first `name` on PATH (or in Homebrew's folders), or undefined. */
function which(name) {
	const dirs = [
		...(process.env.PATH ?? '').split(path.delimiter),
		'/opt/homebrew/bin',
		'/usr/local/bin',
	];
	return dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
}

/** How to install Redis here by hand, for the error message. */
const HOW_TO_INSTALL =
	'install Redis (7 or later) so that redis-server is on PATH: `apt-get install redis-server` (Debian, Ubuntu), `brew install redis` (macOS), or your platform’s package';

/**
 * The path of redis-server, installed first when missing and this platform's package manager can
 * do it without asking (apt-get as root, brew); throws with what to do otherwise.
 * @param {{ log?: (m: string) => void }} [opts]
 */
export async function ensureRedis({ log } = {}) {
	const found = which('redis-server');
	if (found) return found;
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	if (process.platform === 'linux' && isRoot && which('apt-get')) {
		log?.(
			'redis-server is not installed: installing it with apt-get (Debian package redis-server)…',
		);
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		await run('apt-get', ['update', '-q'], { env });
		await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'redis-server'], {
			env,
		});
	} else if (process.platform === 'darwin' && which('brew')) {
		log?.('redis-server is not installed: installing it with Homebrew (brew install redis)…');
		await run(which('brew'), ['install', 'redis']);
	} else {
		throw new Error(`queue mode needs Redis and redis-server is not on PATH: ${HOW_TO_INSTALL}`);
	}
	const installed = which('redis-server');
	if (!installed)
		throw new Error(`redis-server was installed but is not on PATH: ${HOW_TO_INSTALL}`);
	return installed;
}

/** True when Redis at 127.0.0.1:`port` answers PING. */
function pings(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		const done = (ok) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk;
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
	});
}

/**
 * Starts redis-server on 127.0.0.1:`port`, its working folder `dir`, nothing saved to disk (the
 * queue holds only jobs of this run).
 * @param {{ port: number, dir: string, log?: (m: string) => void, timeoutMs?: number }} opts
 */
export async function startRedis({ port, dir, log, timeoutMs = 30_000 }) {
	const bin = await ensureRedis({ log });
	const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
	fs.mkdirSync(dir, { recursive: true });
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', path.resolve(dir)];
	const proc = spawnGroup(bin, [...args, '--save', '', '--appendonly', 'no'], { graceMs: 5_000 });
	await waitUntilReady('redis-server', proc, () => pings(port), timeoutMs);
	return { host: '127.0.0.1', port, version, output: proc.output, stop: proc.stop };
}
