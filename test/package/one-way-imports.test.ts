import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * docs/architecture.md, Layers: the imports of `nodes/` point one way. No file imports itself back
 * through others; every folder of `nodes/shared/` sits in one row of the Layers table and imports
 * only folders of its own row or of rows below it (earlier in the table), without a circle;
 * `nodes/shared/` never imports a node nor `nodes/settings/` (the operations' parameter readers);
 * `nodes/settings/` imports only `nodes/shared/`; a node imports no other node; no asset operation
 * imports the create pipeline (its bookkeeping is in `paid-once/`). Measured from the imports
 * themselves (static, `export ... from` and dynamic `import('...')`), as the TypeScript compiler
 * reads them.
 */
const ROOT = join(__dirname, '..', '..');
const NODES = join(ROOT, 'nodes');
const SHARED = join(NODES, 'shared');
const SETTINGS = join(NODES, 'settings');

function tsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** The file a relative specifier names: itself, with `.ts`, or its folder's `index.ts`. */
function resolveImport(from: string, specifier: string): string | undefined {
	const base = resolve(dirname(from), specifier);
	const candidates = [`${base}.ts`, join(base, 'index.ts'), base];
	return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

interface Edge {
	from: string;
	to: string;
}

const rel = (path: string) => relative(ROOT, path).split(sep).join('/');

const files = tsFiles(NODES);
const unresolved: string[] = [];
const edges: Edge[] = files.flatMap((from) => {
	const { importedFiles } = ts.preProcessFile(readFileSync(from, 'utf8'), true, true);
	return importedFiles
		.map(({ fileName }) => fileName)
		.filter((specifier) => specifier.startsWith('.'))
		.flatMap((specifier) => {
			const to = resolveImport(from, specifier);
			if (!to) unresolved.push(`${rel(from)} imports ${specifier}`);
			return to ? [{ from, to }] : [];
		});
});

/** Strongly connected components with more than one member (or a member importing itself). */
function circles(graph: Map<string, Set<string>>): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (node: string) => {
		index.set(node, counter);
		low.set(node, counter++);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
		}
		if (low.get(node) !== index.get(node)) return;
		const members: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			members.push(member);
		} while (member !== node);
		if (members.length > 1 || graph.get(node)?.has(node)) found.push(members.sort());
	};
	for (const node of graph.keys()) if (!index.has(node)) visit(node);
	return found;
}

function graphOf(pairs: Array<[string, string]>): Map<string, Set<string>> {
	const graph = new Map<string, Set<string>>();
	for (const [from, to] of pairs) {
		if (!graph.has(from)) graph.set(from, new Set());
		if (!graph.has(to)) graph.set(to, new Set());
		graph.get(from)!.add(to);
	}
	return graph;
}

/** The top-level entry of `nodes/shared/` a file belongs to (`catalog`, `pricing.ts`), or undefined outside it. */
function sharedEntry(path: string): string | undefined {
	const inside = relative(SHARED, path);
	if (inside.startsWith('..')) return undefined;
	return inside.split(sep)[0];
}

/** The Layers table of docs/architecture.md: per row, the `nodes/shared/...` entries it names. */
function layerRows(): Array<{ layer: string; entries: string[] }> {
	const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
	const section = doc.split(/^## Layers$/m)[1]?.split(/^## /m)[0] ?? '';
	const rows = section.split('\n').filter((line) => line.startsWith('|'));
	return rows.slice(2).map((row) => ({
		layer: row.split('|')[1].trim(),
		entries: [...row.matchAll(/`nodes\/shared\/([\w.-]+?)(\/|\.ts)`/g)].map(([, name, end]) =>
			end === '/' ? name : `${name}.ts`,
		),
	}));
}

it('reads the imports of nodes/ (every relative import names a file)', () => {
	expect(files.length).toBeGreaterThan(100);
	expect(edges.length).toBeGreaterThan(300);
	expect(unresolved).toEqual([]);
});

it('no file of nodes/ imports itself back through other files', () => {
	const found = circles(graphOf(edges.map(({ from, to }) => [rel(from), rel(to)])));
	expect(found).toEqual([]);
});

it('nodes/shared never imports a node', () => {
	const upward = edges
		.filter(({ from, to }) => sharedEntry(from) !== undefined && sharedEntry(to) === undefined)
		.map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
	expect(upward).toEqual([]);
});

/** The folder of nodes/ a file belongs to: `shared`, `settings` or a node's. */
const topFolder = (path: string) => relative(NODES, path).split(sep)[0];

it('nodes/settings imports only nodes/shared and itself', () => {
	const outside = edges
		.filter(
			({ from, to }) =>
				from.startsWith(SETTINGS + sep) && !['shared', 'settings'].includes(topFolder(to)),
		)
		.map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
	expect(outside).toEqual([]);
});

it('a node imports nodes/shared, nodes/settings and its own folder, never another node', () => {
	const shared = new Set(['shared', 'settings']);
	const across = edges
		.filter(({ from, to }) => !shared.has(topFolder(from)) && !shared.has(topFolder(to)))
		.filter(({ from, to }) => topFolder(from) !== topFolder(to))
		.map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
	expect(across).toEqual([]);
});

it('no asset operation imports the create pipeline (docs/architecture.md, Pipeline and bookkeeping)', () => {
	const pipeline = join(SHARED, 'create') + sep;
	const intoPipeline = edges
		.filter(
			({ from, to }) =>
				/^nodes\/[^/]+\/resources\/asset\//.test(rel(from)) && to.startsWith(pipeline),
		)
		.map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
	expect(intoPipeline).toEqual([]);
});

describe('the Layers table of docs/architecture.md', () => {
	const rows = layerRows();
	const rowOf = new Map<string, number>();
	rows.forEach(({ entries }, row) => entries.forEach((entry) => rowOf.set(entry, row)));
	const crossing = edges.flatMap(({ from, to }) => {
		const [source, target] = [sharedEntry(from), sharedEntry(to)];
		return source && target && source !== target ? [{ from, to, source, target }] : [];
	});

	it('lists every entry of nodes/shared in exactly one row', () => {
		const entries = readdirSync(SHARED).sort();
		const listed = rows.flatMap((row) => row.entries);
		const times = entries.map((entry) => [entry, listed.filter((name) => name === entry).length]);
		expect(times.filter(([, count]) => count !== 1)).toEqual([]);
		expect(listed.filter((name) => !entries.includes(name))).toEqual([]);
	});

	it('every import between folders of nodes/shared goes to the same row or an earlier one', () => {
		const upward = crossing
			.filter(({ source, target }) => !(rowOf.get(target)! <= rowOf.get(source)!))
			.map(
				({ from, to, source, target }) =>
					`${rel(from)} -> ${rel(to)} (${rows[rowOf.get(source)!]?.layer} -> ${rows[rowOf.get(target)!]?.layer})`,
			);
		expect(upward).toEqual([]);
	});

	it('the folders of nodes/shared import each other without a circle', () => {
		const folders = graphOf(crossing.map(({ source, target }) => [source, target]));
		expect(circles(folders)).toEqual([]);
	});
});
