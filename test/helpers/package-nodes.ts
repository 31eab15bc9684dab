import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeType } from 'n8n-workflow';

const ROOT = join(__dirname, '..', '..');

/**
 * Every node package.json registers (`n8n.nodes`: dist/nodes/<Node>/<Node>.node.js), made from its
 * TypeScript source: a test over all nodes covers a new node with no line of its own.
 */
export function packageNodes(): INodeType[] {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[] };
	};
	return pkg.n8n.nodes.map((built) => {
		const source = join(ROOT, built.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		const name = source
			.split('/')
			.pop()!
			.replace(/\.node\.ts$/, '');
		// a module found at run time: require, not a static import
		const NodeClass = (require(source) as Record<string, new () => INodeType>)[name];
		return new NodeClass();
	});
}
