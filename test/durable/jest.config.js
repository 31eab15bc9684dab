/**
 * What survives when n8n itself fails: a real n8n 2.x (`n8n start`) killed with SIGKILL while a
 * workflow's tasks are paid for and running, then started again on the same user folder.
 * `npm run test:durable`. The set-up is the e2e suite's (build, n8n, package, emulator, user
 * folder); each test starts and kills its own n8n server.
 */
module.exports = {
	rootDir: '../..',
	roots: ['<rootDir>/test/durable'],
	testMatch: ['**/*.durable.test.mjs'],
	moduleFileExtensions: ['mjs', 'js', 'json'],
	transform: {},
	testEnvironment: 'node',
	globalSetup: '<rootDir>/test/e2e/global-setup.mjs',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.mjs',
	testTimeout: 10 * 60_000,
	verbose: true,
};
