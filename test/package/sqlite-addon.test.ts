/**
 * The n8n installs of `npm test` compile sqlite3 once: the first install builds its Node-API addon
 * and shares it, the next ones copy it (three compiles were minutes of CPU on a two-core machine);
 * a copy that does not load is compiled again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MODULE = JSON.stringify(
	path.join(__dirname, '..', '..', 'scripts', 'n8n', 'sqlite-addon.mjs'),
);

/** An n8n install folder whose sqlite3 has no addon yet. */
function fakeInstall(root: string, name: string): string {
	const pkgDir = path.join(root, name, 'node_modules', 'n8n');
	const sqlite = path.join(root, name, 'node_modules', 'sqlite3');
	fs.mkdirSync(pkgDir, { recursive: true });
	fs.mkdirSync(sqlite, { recursive: true });
	fs.writeFileSync(path.join(pkgDir, 'package.json'), '{"name":"n8n","version":"0.0.0"}');
	fs.writeFileSync(path.join(sqlite, 'package.json'), '{"name":"sqlite3","version":"5.1.7"}');
	return pkgDir;
}

/**
 * Installs one after the other in plain Node (the module is an ES module): `build` writes an addon
 * saying which install compiled it; `loads` is true when an addon is in place, unless the install
 * is listed in `refuses`. Returns what each install did and the addon each ended with.
 */
function installAll(root: string, names: string[], refuses: string[] = []) {
	const code = `
		const fs = await import('node:fs');
		const path = await import('node:path');
		const { ensureSqliteAddon } = await import(${MODULE});
		const out = [];
		for (const [name, pkgDir] of ${JSON.stringify(names.map((n) => [n, fakeInstall(root, n)]))}) {
			const addon = path.join(pkgDir, '..', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
			const how = await ensureSqliteAddon({
				pkgDir,
				info: () => {},
				loads: () => fs.existsSync(addon) && !${JSON.stringify(refuses)}.includes(name),
				build: async () => {
					fs.mkdirSync(path.dirname(addon), { recursive: true });
					fs.writeFileSync(addon, 'built by ' + name);
				},
			});
			out.push([name, how, fs.readFileSync(addon, 'utf8')]);
		}
		process.stdout.write(JSON.stringify(out));`;
	const env = { ...process.env, N8N_CACHE_DIR: path.join(root, 'cache') };
	return JSON.parse(
		execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env }),
	);
}

let root: string;
beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-addon-'))));
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('the first install compiles sqlite3, the next ones copy its addon', () => {
	expect(installAll(root, ['n8n-2.40.7', 'n8n-1.123.81', 'n8n-2.41.1'])).toEqual([
		['n8n-2.40.7', 'built', 'built by n8n-2.40.7'],
		['n8n-1.123.81', 'copied', 'built by n8n-2.40.7'],
		['n8n-2.41.1', 'copied', 'built by n8n-2.40.7'],
	]);
	expect(fs.readdirSync(path.join(root, 'cache', 'native'))).toEqual([
		`sqlite3-5.1.7-${process.platform}-${process.arch}.node`,
	]);
});

test('a copied addon that does not load is compiled again', () => {
	expect(installAll(root, ['a', 'b'], ['b'])).toEqual([
		['a', 'built', 'built by a'],
		['b', 'built', 'built by b'],
	]);
});
