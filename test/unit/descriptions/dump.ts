/**
 * Every node's description (all its versions live in one description, split by displayOptions
 * @version) and every output schema file, as one JSON value. The snapshot beside this file was
 * written from the sources before the layout refactor of issue 23 (compiled by ts-jest, as the test
 * compiles them: expression functions are embedded as their compiled text); the test keeps both
 * unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// shared with the build (gulpfile.js), which fills in the schemas later versions inherit
import { servedSchemas } from '../../../scripts/lib/schema-versions';

const ROOT = join(__dirname, '..', '..', '..');
export const SNAPSHOT = join(__dirname, 'descriptions.snapshot.json');

/** The nodes package.json registers: dist/nodes/X/X.node.js, loaded from the TypeScript source. */
function nodePaths(): string[] {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[] };
	};
	return pkg.n8n.nodes.map((path) =>
		join(ROOT, path.replace(/^dist\//, '').replace(/\.js$/, '.ts')),
	);
}

/** Functions cannot be compared as JSON; their presence can. */
const marked = (_key: string, value: unknown) =>
	typeof value === 'function' ? '[function]' : value;

export function dumpDescriptions(): Record<string, unknown> {
	const dump: Record<string, unknown> = {};
	for (const path of nodePaths()) {
		const name = path
			.split('/')
			.pop()!
			.replace(/\.node\.ts$/, '');
		// a module found at run time: require, not a static import
		const NodeClass = (require(path) as Record<string, new () => { description: unknown }>)[name];
		const schemaDir = join(path, '..', '__schema__');
		// what the build serves: a later version's inherited schemas too
		const schemas = Object.fromEntries(
			[...servedSchemas(schemaDir)]
				.sort()
				.map(([served, source]) => [
					served,
					JSON.parse(readFileSync(join(schemaDir, source), 'utf8')),
				]),
		);
		dump[name] = {
			description: JSON.parse(JSON.stringify(new NodeClass().description, marked)),
			schemas,
		};
	}
	return dump;
}
