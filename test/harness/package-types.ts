import type { ICredentialType, INodeType } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import type { AnyNodeType, CredentialTypeRegistry, NodeTypeRegistry } from './registry';

const ROOT = join(__dirname, '..', '..');

interface PackageJson {
	name: string;
	n8n: { nodes?: string[]; credentials?: string[] };
}

const packageJson = (): PackageJson =>
	JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

/**
 * Registers every node listed in package.json's `n8n.nodes` under the name n8n gives a community
 * node (`<package>.<description.name>`, what exported workflows contain) and under `CUSTOM.<name>`
 * (n8n's name for nodes loaded from ~/.n8n/custom).
 */
export function loadPackageNodes(registry: NodeTypeRegistry): void {
	const { name: packageName, n8n } = packageJson();
	for (const distPath of n8n.nodes ?? []) {
		attempt(registry.loadFailures, distPath, () => {
			const nodeType = instantiate<AnyNodeType>(distPath);
			const { name } = nodeType.description;
			registry.add(`${packageName}.${name}`, nodeType).add(`CUSTOM.${name}`, nodeType);
			if ('usableAsTool' in nodeType.description && nodeType.description.usableAsTool)
				registry.add(`${packageName}.${name}Tool`, toolVariant(nodeType as INodeType));
		});
	}
}

/**
 * The node as n8n 1.85+ makes it a tool (n8n's ai-tools.ts): its type name with "Tool" at the end,
 * which n8n's `@tool` display rule and the node's own tool mode read. Inputs and outputs stay main,
 * so a test's Manual Trigger hands it the item a model's call would (its `$fromAI` values).
 */
function toolVariant(nodeType: INodeType): INodeType {
	const description = deepCopy(nodeType.description);
	description.name += 'Tool';
	description.displayName += ' Tool';
	delete description.usableAsTool;
	const variant = Object.create(Object.getPrototypeOf(nodeType) as object) as INodeType;
	return Object.assign(variant, nodeType, { description });
}

/** Registers every credential type listed in package.json's `n8n.credentials`. */
export function loadPackageCredentials(registry: CredentialTypeRegistry): void {
	for (const distPath of packageJson().n8n.credentials ?? []) {
		attempt(registry.loadFailures, distPath, () => {
			registry.add(instantiate<ICredentialType>(distPath));
		});
	}
}

/**
 * Requires the TypeScript source of a dist path (`dist/nodes/X/X.node.js` → `nodes/<Node>/<Node>.node.ts`),
 * so ts-jest compiles it and no build is needed, and instantiates the class named after the file,
 * as n8n's loader does.
 */
function instantiate<T>(distPath: string): T {
	const file = join(ROOT, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	const className = basename(file).split('.')[0];
	// a module found at run time: require, not a static import
	const exported = (require(file) as Record<string, unknown>)[className];
	if (typeof exported !== 'function') {
		throw new Error(`${file} does not export a class named ${className}`);
	}
	return new (exported as new () => T)();
}

/**
 * One broken or missing file must not break every workflow test: the failure is recorded and shown
 * when a workflow asks for a type the registry does not know.
 */
function attempt(failures: string[], distPath: string, load: () => void): void {
	try {
		load();
	} catch (error) {
		failures.push(`${distPath}: ${(error as Error).message}`);
	}
}
