/**
 * The same tests on n8n 1.x: n8n-core 1.122.48 (the one n8n 1.123.81 ships, installed as the
 * devDependency alias n8n-core-v1) with its own n8n-workflow and @n8n/di, as a community package
 * finds them in an n8n 1.x instance. `npx jest -c jest.n8n-v1.config.js <tests>`.
 */
const { dirname } = require('node:path');

const base = require('./jest.config');

const core = dirname(require.resolve('n8n-core-v1/package.json'));
const fromCore = (name) => require.resolve(name, { paths: [core] });

module.exports = {
	...base,
	displayName: 'n8n 1.x',
	moduleNameMapper: {
		'^n8n-core$': fromCore('n8n-core-v1'),
		'^n8n-workflow$': fromCore('n8n-workflow'),
		'^@n8n/di$': fromCore('@n8n/di'),
	},
	setupFilesAfterEnv: ['<rootDir>/test/harness/n8n-v1-teardown.js'],
	testPathIgnorePatterns: [
		...base.testPathIgnorePatterns,
		// n8n 2.x features these tests are about: output schema files read by n8n-core's
		// resolveOutputSchemaPath, and resume URLs signed with the execution's resume token
		'/test/nodes/output-schemas\\.test\\.ts$',
		'/test/nodes/callback-wait[^/]*\\.test\\.ts$',
	],
};
