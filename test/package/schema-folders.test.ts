/**
 * One output schema (folder or vX.Y.Z.json file) per version a node declares, and none for a
 * version it does not (docs/architecture.md, Output schemas). n8n's /schemas/ route asks for the
 * exact version (2.40.7 and 2.41.1 call resolveOutputSchemaPath without its version fallback, 1.x
 * builds the path itself): a version without its own schema gets no preview in the editor, even
 * when its output equals the version before it. Checked from the files alone, in milliseconds;
 * test/nodes/output-schemas.test.ts checks what they hold against real runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { packageNodes } from '../helpers/package-nodes';

const ROOT = join(__dirname, '..', '..');

/** Each registered node's schema folder: dist/nodes/X/X.node.js → nodes/X/__schema__. */
const schemaDirs = (
	JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } }
).n8n.nodes.map((built) =>
	join(ROOT, built.replace(/^dist\//, '').replace(/[^/]+$/, '__schema__')),
);

/** The folder or file names n8n asks for: version 2 → v2.0.0 (n8n-core's padVersion). */
const padded = (version: number) =>
	`v${String(version).split('.').concat('0', '0').slice(0, 3).join('.')}`;

describe('output schema folders', () => {
	test.each(packageNodes().map((node, index) => [node.description.name, node, schemaDirs[index]]))(
		'%s has a schema for each of its versions, and for no other',
		(_name, node, dir) => {
			const declared = [node.description.version].flat().map(padded);
			const found = readdirSync(dir).map((entry) => entry.replace(/\.json$/, ''));
			expect(found.sort()).toEqual(declared.sort());
		},
	);
});
