// sqlite3's native addon, compiled once and shared by every n8n install of the cache. sqlite3 5.x
// is built on Node-API, so one binary loads under Node 20 (n8n 1.x) and Node 24 (n8n 2.x) alike:
// the first install that needs it compiles it (minutes of CPU), the others copy it. A copy that
// does not load is compiled again, so a future sqlite3 outside Node-API only loses the saving.
// Used by install.mjs. Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

import { acquireLock } from '../lib/lock.mjs';
import { CACHE_DIR } from './paths.mjs';

const ADDON = path.join('build', 'Release', 'node_sqlite3.node');

/** sqlite3's folder and version as n8n resolves them in an install. */
function sqliteOf(pkgDir) {
	const manifest = createRequire(path.join(pkgDir, 'package.json')).resolve('sqlite3/package.json');
	const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
	return { dir: path.dirname(manifest), version };
}

/** Where the compiled addon of one sqlite3 version is kept for this platform. */
const sharedAddonPath = (version) =>
	path.join(CACHE_DIR, 'native', `sqlite3-${version}-${process.platform}-${process.arch}.node`);

/**
 * Makes the install's sqlite3 load: copies the shared addon in when one was built, else `build()`s
 * it and shares the result. Installs side by side take turns (the second one copies).
 * @param {{ pkgDir: string, build: () => Promise<void>, loads: () => boolean, info: (m: string) => void }} opts
 * @returns {Promise<'copied' | 'built'>}
 */
export async function ensureSqliteAddon({ pkgDir, build, loads, info }) {
	const sqlite = sqliteOf(pkgDir);
	const shared = sharedAddonPath(sqlite.version);
	fs.mkdirSync(CACHE_DIR, { recursive: true });
	const release = await acquireLock(path.join(CACHE_DIR, '.build-sqlite3.lock'), (pid, s) =>
		info(`waiting for another install to compile sqlite3 (pid ${pid})… ${s} s`),
	);
	try {
		if (fs.existsSync(shared)) {
			copyFile(shared, path.join(sqlite.dir, ADDON));
			if (loads()) return 'copied';
			info(`the shared sqlite3 ${sqlite.version} addon does not load here: compiling it`);
		}
		await build();
		copyFile(path.join(sqlite.dir, ADDON), shared);
		return 'built';
	} finally {
		release();
	}
}

/** A copy that appears whole or not at all (a reader never sees half a binary). */
function copyFile(from, to) {
	fs.mkdirSync(path.dirname(to), { recursive: true });
	const partial = `${to}.${process.pid}.partial`;
	fs.copyFileSync(from, partial);
	fs.renameSync(partial, to);
}
