// n8n's community-package scanner rules (scripts/n8n/scan-package.mjs), run offline on this package
// and on a fixture that breaks them (so a scan that finds nothing cannot pass for a clean one).
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { TARBALL, scan, scanPackage } from '../../scripts/n8n/scan-package.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

test('the scanner rules find a forbidden import, console output, process and an incomplete package.json', async () => {
	const result = await scan(path.join(here, 'fixtures', 'violating-package'), TARBALL);
	const rules = [
		'@n8n/community-nodes/no-restricted-imports',
		'no-console',
		'@n8n/community-nodes/no-restricted-globals',
		'@n8n/community-nodes/valid-peer-dependencies',
		'n8n-nodes-base/community-package-json-author-missing',
	];
	for (const rule of rules) {
		assert.ok(result.report.includes(rule), `${rule} missing from:\n${result.report}`);
	}
});

test(
	'the packed tarball and the source pass the community-package scanner rules',
	{ timeout: 120_000 },
	async () => {
		const lines = [];
		const { passed } = await scanPackage({ log: (line) => lines.push(line) });
		assert.ok(passed, lines.join('\n'));
		assert.match(lines.join('\n'), /\.tgz: \d+ files, 0 errors/);
	},
);
