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
// Plain Node ESM (runs on the system Node 20).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { childEnv, own } from '../lib/child.mjs';
import { isMain, parseOptions } from '../lib/cli.mjs';
import { readJson, writeJson } from '../lib/files.mjs';
import { acquireLock } from '../lib/lock.mjs';
import { heartbeat } from '../lib/progress.mjs';
import { CACHE_DIR, n8nLayout } from './paths.mjs';
import { n8nEnv } from './run.mjs';
import { ensureSqliteAddon } from './sqlite-addon.mjs';

const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error', '--no-update-notifier'];
const HEARTBEAT_MS = 15_000;

class InstallError extends Error {}

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
	const release = await acquireLock(n8n.lockFile, (pid, s) =>
		log(`[n8n-install] waiting for another install (pid ${pid}) to finish… ${s} s`),
	);
	try {
		// Another process may have finished the install while we waited.
		if (!force && isN8nInstalled(n8n)) return result(n8n);
		await install(n8n, { log, force });
		return result(n8n);
	} finally {
		release();
	}
}

/** The install, one step after the other; each step skips what a previous install left in place. */
async function install(n8n, { log, force }) {
	const ctx = installContext(n8n, { log, force });
	log(`[n8n-install] installing n8n ${n8n.version} for ${ctx.nodeName} into ${n8n.appDir}`);
	log(`[n8n-install] (first install takes a few minutes; npm output goes to ${n8n.logFile})`);
	fs.rmSync(n8n.markerFile, { force: true });
	fs.writeFileSync(n8n.logFile, `# n8n install log, started ${new Date().toISOString()}\n`);
	const steps = [
		[
			n8n.nodeVersion ? `Node ${n8n.nodeVersion} runtime` : `${ctx.nodeName} and its headers`,
			installRuntime,
		],
		[`n8n ${n8n.version}'s package.json, with its npm overrides`, writeOverrides],
		[`n8n ${n8n.version} (npm install --ignore-scripts)`, installN8nPackage],
		[`sqlite3 native module for ${ctx.nodeName} (npm rebuild sqlite3)`, rebuildNative],
		['checking `n8n --version`, then the marker of a finished install', writeMarker],
	];
	for (const [index, [title, step]] of steps.entries()) {
		log(`[n8n-install] ${index + 1}. ${title} (t=${ctx.secs()} s)`);
		await step(ctx);
	}
	log(`[n8n-install] done in ${ctx.secs()} s: ${n8n.n8nBin}`);
}

function installContext(n8n, { log, force }) {
	const t0 = Date.now();
	const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
	const info = (msg) => log(`[n8n-install]    ${msg}`);
	return {
		n8n,
		force,
		secs,
		info,
		nodeName: n8n.nodeVersion
			? `Node ${n8n.nodeVersion}`
			: `this machine's Node ${process.versions.node}`,
		/** `npm <args>` with its output appended to the install log and a heartbeat every 15 s. */
		async npm(label, args, { cwd, env = childEnv() }) {
			fs.appendFileSync(n8n.logFile, `\n$ (cd ${cwd} && npm ${args.join(' ')})\n`);
			const out = fs.openSync(n8n.logFile, 'a');
			// an interrupted install (Ctrl-C, a CI timeout) must not leave npm running on its own
			const proc = own(
				spawn('npm', [...args, ...NPM_FLAGS], { cwd, env, stdio: ['ignore', out, out] }),
				{ exitSignal: 'SIGTERM' },
			);
			fs.closeSync(out);
			const tick = (s) => info(`still ${label}… ${s} s (total ${Math.round(Number(secs()))} s)`);
			const { code, signal, error } = await heartbeat(HEARTBEAT_MS, tick, () => proc.exited);
			if (error) throw new InstallError(`${label}: could not start npm: ${error.message}`);
			if (code !== 0)
				throw new InstallError(
					`${label} failed: \`npm ${args.join(' ')}\` exited with ${signal ?? code}`,
				);
		},
	};
}

/** Step 1: the Node that runs n8n: this machine's, or the registry's build for this platform (binary and headers). */
async function installRuntime({ n8n, force, info, npm, secs }) {
	const { nodeVersion, nodeProblem, nodeHeadersDir } = n8n;
	if (nodeProblem) throw new InstallError(nodeProblem);
	if (!nodeVersion) {
		// n8n's own CLI refuses a Node outside its `engines` (checked by the last step)
		if (!headersOk(nodeHeadersDir)) {
			throw new InstallError(
				`the headers of this machine's Node were not found in ${nodeHeadersDir}/include/node: sqlite3 is compiled against them (install Node from an official build or with its development headers)`,
			);
		}
		return info(`${process.execPath}, headers in ${nodeHeadersDir}/include/node`);
	}
	if (!force && runtimeOk(n8n)) return info('already present');
	// the 2.x releases share this runtime: two of their installs side by side (as `npm test` runs
	// them) take turns here, and the second finds it in place
	const release = await acquireLock(path.join(CACHE_DIR, '.install-runtime.lock'), (pid, s) =>
		info(`waiting for another install of the Node runtime (pid ${pid})… ${s} s`),
	);
	try {
		if (!force && runtimeOk(n8n)) return info('already present');
		await installRuntimeFiles({ n8n, info, npm, secs });
	} finally {
		release();
	}
}

/** The registry's Node build for this platform, into the runtime folder (binary and headers). */
async function installRuntimeFiles({ n8n, info, npm, secs }) {
	const { nodeVersion, nodePackage, nodeBin, nodeHeadersDir, runtimeDir } = n8n;
	fs.rmSync(runtimeDir, { recursive: true, force: true });
	fs.mkdirSync(runtimeDir, { recursive: true });
	writeJson(path.join(runtimeDir, 'package.json'), {
		name: 'n8n-cache-runtime',
		private: true,
		description: 'Node runtime for the local n8n (generated by scripts/n8n/install.mjs)',
	});
	await npm(
		`installing Node ${nodeVersion}`,
		['install', '--save-exact', `${nodePackage}@${nodeVersion}`],
		{ cwd: runtimeDir },
	);
	if (!runtimeOk(n8n)) {
		throw new InstallError(
			`Node runtime check failed: expected v${nodeVersion} at ${nodeBin} and headers in ${nodeHeadersDir}/include/node`,
		);
	}
	info(`Node ${nodeVersion} installed from ${nodePackage} (t=${secs()} s)`);
}

/** Step 2: a fresh n8n folder whose package.json pins n8n with the release's npm overrides (paths.mjs). */
function writeOverrides({ n8n, force, info }) {
	if (!force && appNpmOk(n8n)) return info('already present');
	fs.rmSync(n8n.appDir, { recursive: true, force: true });
	fs.mkdirSync(n8n.appDir, { recursive: true });
	writeJson(path.join(n8n.appDir, 'package.json'), {
		name: 'n8n-cache-app',
		private: true,
		description: 'Local n8n for demos and e2e tests (generated by scripts/n8n/install.mjs)',
		dependencies: { n8n: n8n.version },
		overrides: n8n.overrides,
	});
	info(`overrides: ${JSON.stringify(n8n.overrides)}`);
}

/** Step 3: n8n and its dependencies, their install scripts skipped (step 4 builds the one native module n8n needs). */
async function installN8nPackage({ n8n, force, info, npm, secs }) {
	if (!force && appNpmOk(n8n)) return info('already present');
	await npm(`installing n8n ${n8n.version}`, ['install', '--ignore-scripts'], { cwd: n8n.appDir });
	if (!fs.existsSync(n8n.n8nBin))
		throw new InstallError(`npm install finished but ${n8n.n8nBin} is missing`);
	fs.writeFileSync(path.join(n8n.appDir, '.npm-install-done'), `${n8n.version}\n`);
	info(`n8n installed (t=${secs()} s)`);
}

/** Step 4: sqlite3's native addon for the Node that runs n8n: compiled once, shared by the installs. */
async function rebuildNative({ n8n, force, info, npm, secs, nodeName }) {
	if (!force && sqliteOk(n8n)) return info(`already loads under ${nodeName}`);
	const how = await ensureSqliteAddon({
		pkgDir: n8n.pkgDir,
		loads: () => sqliteOk(n8n),
		info,
		build: async () => {
			await npm('building sqlite3', ['rebuild', 'sqlite3'], {
				cwd: n8n.appDir,
				env: {
					...childEnv(),
					PATH: `${n8n.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
					npm_config_nodedir: n8n.nodeHeadersDir,
					// sqlite3's install script is `prebuild-install -r napi || node-gyp rebuild`;
					// skip the prebuilt download (no internet) and compile straight away.
					npm_config_build_from_source: 'true',
					JOBS: 'max',
				},
			});
			if (!sqliteOk(n8n))
				throw new InstallError(
					`sqlite3 was rebuilt but still does not load under ${nodeName} (see the log)`,
				);
		},
	});
	info(`sqlite3 ${how === 'copied' ? 'copied from an earlier build' : 'built'} (t=${secs()} s)`);
}

/** Step 5: `n8n --version` prints the release, then the marker that isN8nInstalled() looks for. */
function writeMarker({ n8n, info, secs }) {
	const { nodeBin, n8nBin, version, logFile } = n8n;
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
		node: n8n.nodeVersion ?? process.versions.node,
		installedAt: new Date().toISOString(),
		seconds: Number(secs()),
	});
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
			readJson(path.join(pkgDir, 'package.json')).version === version
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
	if (r.status !== 0 && fs.existsSync(logFile)) {
		fs.appendFileSync(
			logFile,
			`\n# sqlite3 does not load under n8n's Node (expected before the rebuild):\n${r.stderr ?? ''}\n`,
		);
	}
	return r.status === 0;
}

function tailOfLog(logFile, lines = 30) {
	try {
		return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(log file could not be read)';
	}
}

// ---- CLI ---------------------------------------------------------------------
const USAGE = 'Usage: node scripts/n8n/install.mjs [--n8n <major or version>] [--force]';

/** Installs when needed and says where n8n is, or why the install failed (with the log's end). */
async function cli({ n8n: version, force }) {
	const t = Date.now();
	try {
		const r = await ensureN8n({ force, version });
		const ms = Date.now() - t;
		console.log(
			`[n8n-install] n8n ${r.n8nVersion} ready (${ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`})`,
		);
		console.log(`[n8n-install]   node: ${r.nodeBin}`);
		console.log(`[n8n-install]   n8n:  ${r.n8nBin}`);
	} catch (err) {
		process.exitCode = 1;
		console.error(`\n[n8n-install] FAILED: ${err.message}`);
		if (!(err instanceof InstallError)) return console.error(err.stack);
		const { logFile } = n8nLayout(version);
		if (fs.existsSync(logFile))
			console.error(`[n8n-install] log: ${logFile} — last lines:\n${tailOfLog(logFile, 30)}`);
	}
}

// no top-level await: this module is also loaded with require() (jest's global set-up)
if (isMain(import.meta.url)) {
	try {
		cli(
			parseOptions({ n8n: { type: 'string' }, force: { type: 'boolean', default: false } }, USAGE),
		);
	} catch (err) {
		console.error(`[n8n-install] ${err.message}`);
		process.exitCode = 1;
	}
}
