/**
 * n8n's verification guidelines: a package integrates one third-party service (issue 34 §1). The
 * two APIs are one provider's; that is said where n8n and users read it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CompatVideoApi } from '../../credentials/CompatVideoApi.credentials';
import { UnifiedGenerationApi } from '../../credentials/UnifiedGenerationApi.credentials';
import { CompatTask } from '../../nodes/CompatTask/CompatTask.node';

const ROOT = join(__dirname, '..', '..');
const apiKeyHelp = (credential: { properties: Array<{ name: string; description?: string }> }) =>
	credential.properties.find((property) => property.name === 'apiKey')?.description ?? '';

test.each([
	[
		'package.json description',
		JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).description,
		/one provider's two APIs/,
	],
	[
		"README's first lines",
		readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').slice(0, 6).join(' '),
		/One provider, two APIs/,
	],
	[
		'the Unified credential',
		apiKeyHelp(new UnifiedGenerationApi()),
		/The same provider's Task-Compatible/,
	],
	[
		'the compat credential',
		apiKeyHelp(new CompatVideoApi()),
		/the Unified Generation provider's Task-Compatible/,
	],
	[
		'Compat Task',
		new CompatTask().description.description,
		/the Unified Generation provider's second API/,
	],
])('%s says the two APIs are one provider', (_where, text, expected) => {
	expect(String(text)).toMatch(expected);
});
