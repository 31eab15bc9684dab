/**
 * What n8n's start-up loads of the package: it requires every node file package.json lists, to
 * read its description, and each node file loads its operations' code only at its first run
 * (docs/architecture.md, Where a node's files live). Measured on the JavaScript TypeScript emits
 * (imports used only as types are dropped): the modules reached from the node files by top-level
 * requires, not those a function requires when it runs (`await import(...)`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/**
 * The ceiling, a rule with headroom rather than today's count: at most 14 modules per node file
 * package.json lists (8 nodes: 112; 98 loaded on 2026-12-07, each node's error labels among them), so a new fields file or a new node
 * needs no edit here. What it guards against (a description pulling in execution code: the polling
 * engine once added 6) is held exactly by the next test.
 */
const MODULES_PER_NODE = 14;

const nodeFiles = (
	JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } }
).n8n.nodes.map((built) => join(ROOT, built.replace(/^dist\//, '').replace(/\.js$/, '.ts')));

/** The file a relative require names: itself, with `.ts`, or its folder's `index.ts`. */
function resolveRequire(from: string, specifier: string): string | undefined {
	const base = resolve(dirname(from), specifier);
	const candidates = [`${base}.ts`, join(base, 'index.ts'), base];
	return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** The relative specifiers a file requires when it loads: top-level `require(...)` of its emitted JavaScript. */
function loadTimeRequires(file: string): string[] {
	if (file.endsWith('.json')) return [];
	const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
		compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
	});
	const source = ts.createSourceFile(file, outputText, ts.ScriptTarget.ES2022, true);
	const found: string[] = [];
	const visit = (node: ts.Node, inFunction: boolean): void => {
		if (
			!inFunction &&
			ts.isCallExpression(node) &&
			ts.isIdentifier(node.expression) &&
			node.expression.text === 'require' &&
			ts.isStringLiteral(node.arguments[0])
		)
			found.push(node.arguments[0].text);
		const entersFunction = ts.isFunctionLike(node) || ts.isClassLike(node);
		node.forEachChild((child) => visit(child, inFunction || entersFunction));
	};
	visit(source, false);
	return found.filter((specifier) => specifier.startsWith('.'));
}

function startUpModules(): string[] {
	const seen = new Set<string>();
	const queue = [...nodeFiles];
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		for (const specifier of loadTimeRequires(file)) {
			const target = resolveRequire(file, specifier);
			if (!target) throw new Error(`${relative(ROOT, file)} requires ${specifier}: no such file`);
			queue.push(target);
		}
	}
	return [...seen].map((file) => relative(ROOT, file).split(sep).join('/')).sort();
}

const modules = startUpModules();
const START_UP_MODULES = MODULES_PER_NODE * nodeFiles.length;

it(`start-up loads at most ${START_UP_MODULES} modules of the package`, () => {
	expect(modules).toContain('nodes/CreateVideo/CreateVideo.node.ts');
	expect(modules.length).toBeLessThanOrEqual(START_UP_MODULES);
});

it('start-up loads no operation, no polling engine, no transport, no create pipeline', () => {
	const execution = modules.filter(
		(file) =>
			file.endsWith('.operation.ts') ||
			/^nodes\/shared\/(transport|waiting|callback\/wait-mode|create\/run)/.test(file) ||
			(file.startsWith('nodes/shared/polling/') && file !== 'nodes/shared/polling/defaults.ts'),
	);
	expect(execution).toEqual([]);
});
