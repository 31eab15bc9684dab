import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

/** Runs after `npm run build` (npm test builds first): what n8n will load must be in dist/. */
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function loadClass(distPath: string) {
	const file = join(root, distPath);
	const name = distPath
		.split('/')
		.pop()!
		.replace(/\.(node|credentials)\.js$/, '');
	// a module found at run time: require, not a static import
	return new (require(file)[name])();
}

function iconFiles(icon: unknown, from: string): string[] {
	const refs =
		typeof icon === 'string' ? [icon] : Object.values((icon ?? {}) as Record<string, string>);
	return refs.map((ref) => join(root, from, ref.replace(/^file:/, '')));
}

describe('the package n8n loads', () => {
	test('has no runtime dependencies and n8n-workflow as its only peer dependency', () => {
		expect(pkg.dependencies).toBeUndefined();
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
	});

	test.each([...pkg.n8n.credentials, ...pkg.n8n.nodes] as string[])(
		'%s is built, with its icons',
		(distPath) => {
			expect(existsSync(join(root, distPath))).toBe(true);
			const instance = loadClass(distPath);
			const icon = instance.icon ?? instance.description?.icon;
			const files = iconFiles(icon, distPath.split('/').slice(0, -1).join('/'));
			expect(files).toHaveLength(2);
			for (const file of files) expect(existsSync(file)).toBe(true);
		},
	);

	test.each(pkg.n8n.nodes as string[])(
		'%s has a codex file and, unless a trigger, is usable as a tool',
		(distPath) => {
			const instance = loadClass(distPath);
			const isTrigger = instance.description.group.includes('trigger');
			expect(instance.description.usableAsTool).toBe(isTrigger ? undefined : true);
			const codex = join(root, distPath.replace(/\.js$/, '.json'));
			expect(JSON.parse(readFileSync(codex, 'utf8')).node).toBe(
				`${pkg.name}.${instance.description.name}`,
			);
		},
	);

	test('both credentials authenticate with a Bearer header and have a test request', () => {
		const paths = (pkg.n8n.credentials as string[]).map(loadClass);
		expect(paths.map((credential) => credential.test.request.url).sort()).toEqual([
			'/account/credits',
			'/v1/me/balance',
		]);
		for (const credential of paths) {
			expect(credential.authenticate.properties.headers.Authorization).toBe(
				'=Bearer {{$credentials.apiKey}}',
			);
			expect(
				credential.properties.find((field: { name: string }) => field.name === 'apiKey')
					.typeOptions,
			).toEqual({ password: true });
		}
	});
});
