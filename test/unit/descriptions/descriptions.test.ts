import { readFileSync } from 'node:fs';

import { dumpDescriptions, SNAPSHOT } from './dump';

describe('node descriptions and output schemas', () => {
	test('are byte-identical to the snapshot taken before the layout refactor', () => {
		const expected = readFileSync(SNAPSHOT, 'utf8');
		expect(JSON.stringify(dumpDescriptions(), null, '\t') + '\n').toBe(expected);
	});
});
