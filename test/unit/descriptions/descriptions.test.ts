import { readFileSync, writeFileSync } from 'node:fs';

import { dumpDescriptions, SNAPSHOT } from './dump';

/** `npm run snapshot:descriptions` rewrites the snapshot: review its diff, it is what users see. */
const UPDATE = process.env.UPDATE_DESCRIPTIONS === '1';

describe('node descriptions and output schemas', () => {
	test('are byte-identical to the reviewed snapshot', () => {
		const actual = JSON.stringify(dumpDescriptions(), null, '\t') + '\n';
		if (UPDATE) writeFileSync(SNAPSHOT, actual);
		expect(actual).toBe(readFileSync(SNAPSHOT, 'utf8'));
	});
});
