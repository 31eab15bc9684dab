import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join, relative } from 'path';

// shared with the build (gulpfile.js), which fills in the schemas later versions inherit
import { servedSchemas } from '../../scripts/lib/schema-versions';

/**
 * What `npm publish` would upload, from `npm pack --dry-run` after `npm run build` (npm test builds
 * first): the built nodes, credentials and icons, the README, the LICENSE and package.json, nothing
 * else, and a size that would show a stray folder or a bundled dependency.
 */
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Measured at 0.1.0: 270 KB packed, 1.16 MB unpacked (half of it source maps and .d.ts). */
const MAX_PACKED_BYTES = 400 * 1024;
const MAX_UNPACKED_BYTES = 1.6 * 1024 * 1024;
const TOP_LEVEL = ['LICENSE', 'README.md', 'package.json'];
const DIST_FOLDERS = ['dist/credentials/', 'dist/icons/', 'dist/nodes/'];

interface PackResult {
	size: number;
	unpackedSize: number;
	entryCount: number;
	files: Array<{ path: string }>;
}

function dryRunPack(): PackResult {
	const stdout = execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
		cwd: root,
		encoding: 'utf8',
	});
	return JSON.parse(stdout.slice(stdout.indexOf('[')))[0];
}

/** Each output schema file the build serves (dist/…/__schema__/…). */
function servedPaths(): string[] {
	return (pkg.n8n.nodes as string[]).flatMap((built) => {
		const schemaDir = join(root, built.replace(/^dist\//, '').replace(/[^/]+$/, '__schema__'));
		if (!existsSync(schemaDir)) return [];
		const folder = relative(root, schemaDir);
		return [...servedSchemas(schemaDir).keys()].map((served) => `dist/${folder}/${served}`);
	});
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

describe('npm pack --dry-run', () => {
	let pack: PackResult;
	let paths: string[];
	beforeAll(() => {
		pack = dryRunPack();
		paths = pack.files.map((file) => file.path);
		console.log(
			`${pkg.name}@${pkg.version}: ${pack.entryCount} files, ${kb(pack.size)} packed, ${kb(pack.unpackedSize)} unpacked`,
		);
	}, 120_000);

	test('packs only dist/ (nodes, credentials, icons), README.md, LICENSE and package.json', () => {
		const stray = paths.filter(
			(path) => !TOP_LEVEL.includes(path) && !DIST_FOLDERS.some((dir) => path.startsWith(dir)),
		);
		expect(stray).toEqual([]);
		for (const file of TOP_LEVEL) expect(paths).toContain(file);
	});

	test("packs every node and credential of package.json's n8n section, with its codex file", () => {
		const entries = [...pkg.n8n.nodes, ...pkg.n8n.credentials] as string[];
		for (const entry of entries) expect(paths).toContain(entry);
		for (const node of pkg.n8n.nodes as string[])
			expect(paths).toContain(node.replace(/\.js$/, '.json'));
		expect(paths.filter((path) => path.startsWith('dist/icons/')).length).toBeGreaterThan(0);
	});

	test('packs no module left from an earlier build: each built file has its source', () => {
		const built = paths.filter((path) =>
			/^dist\/(nodes|credentials)\/.*\.(js|json|d\.ts|js\.map)$/.test(path),
		);
		// a codex .json is copied as it is, an inherited schema from its version's; the rest is
		// compiled from a .ts
		const source = (path: string) =>
			path.replace(/^dist\//, '').replace(/\.(d\.ts|js\.map|js)$/, '.ts');
		const inherited = new Set(servedPaths());
		const orphans = built.filter(
			(path) => !existsSync(join(root, source(path))) && !inherited.has(path),
		);
		expect(orphans).toEqual([]);
	});

	test("packs every output schema each node version serves, a later version's inherited ones too", () => {
		const missing = servedPaths().filter((path) => !paths.includes(path));
		expect(missing).toEqual([]);
	});

	test(`stays under ${kb(MAX_PACKED_BYTES)} packed and ${kb(MAX_UNPACKED_BYTES)} unpacked`, () => {
		expect(pack.size).toBeLessThan(MAX_PACKED_BYTES);
		expect(pack.unpackedSize).toBeLessThan(MAX_UNPACKED_BYTES);
	});
});
