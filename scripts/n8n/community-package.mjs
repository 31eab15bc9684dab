// Packs this repository and installs the tarball into an n8n user folder the way n8n (2.40 and
// 1.123 alike) installs a community package from Settings → Community Nodes
// (CommunityPackagesService.downloadPackage):
// unpack into <userFolder>/.n8n/nodes/node_modules/<name>, drop devDependencies, peerDependencies
// and optionalDependencies from its package.json (so, like `npm install --legacy-peer-deps`, the
// host n8n's n8n-workflow is used), `npm install` its own dependencies (we have none),
// record it in <userFolder>/.n8n/nodes/package.json, and record the package and its nodes in n8n's
// database (installed_packages, installed_nodes), so Settings → Community nodes lists it. n8n loads
// it at its next start.
// Plain Node ESM.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { run } from '../lib/child.mjs';
import { readJson, writeJson } from '../lib/files.mjs';
import { DEFAULT_N8N, PACK_DIR, REPO_ROOT } from './paths.mjs';
import { runN8n } from './run.mjs';

/** Runs a command to completion (kept here for the suites that import it). */
export { run };

/**
 * The modules n8n hands to community packages (n8n puts its own module folders on NODE_PATH).
 * They are the only runtime imports the n8n Cloud lint rules allow (besides Node's `crypto`).
 */
export const HOST_MODULES = ['n8n-workflow', 'zod', 'lodash', 'luxon'];

/**
 * Set by `npm test` (scripts/test-all.mjs) to the record of the one build and pack it made: suites
 * that run side by side then reuse that tarball instead of rewriting dist/ and .cache/pack under
 * each other.
 */
export const PREBUILT_ENV = 'N8N_NODES_PREBUILT_PACK';

/**
 * The package as n8n installs it: `npm run build`, then packPackage(); or, under `npm test`, the
 * tarball its single build made (PREBUILT_ENV).
 * @param {{ build?: boolean }} [opts] build: false packs dist/ as it is
 * @returns {ReturnType<typeof packPackage>}
 */
export async function builtPackage({ build = true } = {}) {
	const record = process.env[PREBUILT_ENV];
	if (record) return readJson(record);
	if (build) await run('npm', ['run', 'build'], { cwd: REPO_ROOT });
	return packPackage();
}

/**
 * `npm pack` of the repository into <repo>/.cache/pack (old tarballs removed first).
 * The package must be built (dist/ holds what n8n loads).
 * @returns {Promise<{ tarball: string, name: string, version: string, files: string[] }>}
 */
export async function packPackage() {
	const pkg = readJson(path.join(REPO_ROOT, 'package.json'));
	const missing = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])].filter(
		(file) => !fs.existsSync(path.join(REPO_ROOT, file)),
	);
	if (missing.length > 0) {
		throw new Error(`the package is not built (missing ${missing.join(', ')}): run npm run build`);
	}
	fs.mkdirSync(PACK_DIR, { recursive: true });
	for (const old of fs.readdirSync(PACK_DIR))
		if (old.endsWith('.tgz')) fs.rmSync(path.join(PACK_DIR, old));
	const { stdout } = await run(
		'npm',
		['pack', '--json', '--pack-destination', PACK_DIR, '--loglevel=error'],
		{
			cwd: REPO_ROOT,
		},
	);
	const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
	return {
		tarball: path.join(PACK_DIR, info.filename),
		name: info.name,
		version: info.version,
		files: info.files.map((file) => file.path),
	};
}

/**
 * Installs a tarball from packPackage() into `<userFolder>/.n8n/nodes`, replacing an earlier
 * install of the same package, so code changes show at n8n's next start.
 * @param {string} userFolder N8N_USER_FOLDER
 * @param {string} tarball
 * @param {typeof DEFAULT_N8N} [n8n] the release the user folder belongs to
 * @returns {Promise<{ nodesDir: string, packageDir: string, name: string, version: string }>}
 */
export async function installCommunityPackage(userFolder, tarball, n8n = DEFAULT_N8N) {
	const nodesDir = path.join(path.resolve(userFolder), '.n8n', 'nodes');
	const nodeModules = path.join(nodesDir, 'node_modules');
	fs.mkdirSync(nodeModules, { recursive: true });
	const manifestFile = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifestFile)) {
		// what n8n writes itself (CommunityPackagesService.ensurePackageJson)
		writeJson(manifestFile, { name: 'installed-nodes', private: true, dependencies: {} });
	}

	// Unpack into a staging folder first: the name comes from the tarball's package.json.
	const staging = fs.mkdtempSync(path.join(nodesDir, '.unpack-'));
	try {
		await run('tar', ['-xzf', path.resolve(tarball), '-C', staging, '--strip-components=1']);
		const stagedManifest = path.join(staging, 'package.json');
		const { devDependencies, peerDependencies, optionalDependencies, ...packageJson } =
			readJson(stagedManifest);
		writeJson(stagedManifest, packageJson);
		const packageDir = path.join(nodeModules, packageJson.name);
		fs.rmSync(packageDir, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(packageDir), { recursive: true });
		fs.renameSync(staging, packageDir);
		fs.chmodSync(packageDir, 0o755); // mkdtemp made it private

		if (Object.keys(packageJson.dependencies ?? {}).length > 0) {
			// n8n's own flags for a package's runtime dependencies
			await run(
				'npm',
				[
					'install',
					'--audit=false',
					'--fund=false',
					'--bin-links=false',
					'--install-strategy=shallow',
					'--ignore-scripts=true',
					'--package-lock=false',
					'--loglevel=error',
				],
				{ cwd: packageDir },
			);
		}

		const manifest = readJson(manifestFile);
		manifest.dependencies = { ...manifest.dependencies, [packageJson.name]: packageJson.version };
		writeJson(manifestFile, manifest);

		linkHostModules(nodeModules, n8n);
		assertHostModulesResolve(packageDir, n8n);
		await recordInDatabase(userFolder, packageDir, n8n);
		return { nodesDir, packageDir, name: packageJson.name, version: packageJson.version };
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
}

/**
 * In ~/.n8n/nodes a package's `require('n8n-workflow')` finds no node_modules on its way up and
 * falls back to NODE_PATH, which n8n sets to its own module folders: the package gets n8n's copy.
 * Our user folders live inside this repository (under .cache/), so that walk would reach the
 * repository's own node_modules (dev copies of n8n-workflow and zod) first. Linking n8n's copies
 * into the nodes folder gives the package exactly the modules n8n would hand it.
 */
function linkHostModules(nodeModules, { pkgDir }) {
	const n8nPaths =
		createRequire(path.join(pkgDir, 'dist', 'index.js')).resolve.paths('n8n-workflow') ?? [];
	for (const name of HOST_MODULES) {
		const target = n8nPaths
			.map((dir) => path.join(dir, name))
			.find((dir) => fs.existsSync(path.join(dir, 'package.json')));
		if (!target) throw new Error(`n8n's copy of ${name} was not found next to ${pkgDir}`);
		const link = path.join(nodeModules, name);
		fs.rmSync(link, { recursive: true, force: true });
		fs.symlinkSync(target, link, 'dir');
	}
}

function assertHostModulesResolve(packageDir, n8n) {
	const appDir = fs.realpathSync(n8n.appDir);
	const req = createRequire(path.join(packageDir, 'package.json'));
	for (const name of HOST_MODULES) {
		const resolved = fs.realpathSync(req.resolve(name));
		if (!resolved.startsWith(appDir + path.sep)) {
			throw new Error(
				`${name} resolves to ${resolved} for the installed package, not to n8n's copy in ${appDir}`,
			);
		}
	}
}

/**
 * What CommunityPackagesService.persistInstalledPackage writes after an install from the Settings
 * page: one installed_packages row (name, version, author) and one installed_nodes row per node
 * (its display name, `<package>.<node>` and its latest version). Without them the page lists
 * nothing, while each node's details say "Installed via npm". Written with n8n's own sqlite3
 * under n8n's Node, while n8n is not running; an earlier record of the package is replaced.
 */
async function recordInDatabase(userFolder, packageDir, n8n) {
	// queue mode's Postgres (queue.mjs) is not recorded: its nodes load all the same
	if ((n8n.env?.DB_TYPE ?? 'sqlite') !== 'sqlite') return;
	const dbFile = path.join(path.resolve(userFolder), '.n8n', 'database.sqlite');
	// a new user folder has no database yet: any n8n command creates it (and runs the migrations)
	if (!fs.existsSync(dbFile))
		await runN8n(['list:workflow'], { userFolder, n8n, timeoutMs: 300_000 });
	if (!fs.existsSync(dbFile)) throw new Error(`n8n created no database at ${dbFile}`);
	await run(n8n.nodeBin, ['-e', RECORD_SCRIPT, n8n.pkgDir, dbFile, packageDir]);
}

/** Runs under n8n's Node: argv = [n8nDir, dbFile, packageDir]. */
const RECORD_SCRIPT = `
const path = require('path');
const [n8nDir, dbFile, packageDir] = process.argv.slice(1);
const sqlite3 = require(require.resolve('sqlite3', { paths: [n8nDir] }));
const pkg = require(path.join(packageDir, 'package.json'));
const nodes = pkg.n8n.nodes.map((file) => {
	const className = path.basename(file).split('.')[0];
	const { description } = new (require(path.join(packageDir, file))[className])();
	const versions = [].concat(description.version);
	return [description.displayName, pkg.name + '.' + description.name, Math.max(...versions), pkg.name];
});
const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
const db = new sqlite3.Database(dbFile);
const run = (sql, params) => new Promise((ok, fail) => db.run(sql, params, (e) => (e ? fail(e) : ok())));
(async () => {
	await run('PRAGMA foreign_keys = ON');
	await run('BEGIN');
	await run('DELETE FROM installed_packages WHERE packageName = ?', [pkg.name]);
	await run('DELETE FROM installed_nodes WHERE package = ?', [pkg.name]);
	await run('INSERT INTO installed_packages (packageName, installedVersion, authorName, authorEmail, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)',
		[pkg.name, pkg.version, pkg.author?.name ?? null, pkg.author?.email ?? null, now, now]);
	for (const node of nodes) await run('INSERT INTO installed_nodes (name, type, latestVersion, package) VALUES (?, ?, ?, ?)', node);
	await run('COMMIT');
	db.close();
})().catch((e) => { console.error(e.message); process.exit(1); });
`;
