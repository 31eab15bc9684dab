/**
 * End-to-end suite in queue mode: `npm run test:queue`. One stack for the whole suite (global
 * set-up): Postgres and Redis, n8n's main process, two workers (concurrency 5) and a webhook
 * process, binary data in the database, the emulator. The test files run one after the other
 * against it; each starts its workflows through the main's REST API and a worker runs them.
 * Native ES modules, like test/e2e (hence `node --experimental-vm-modules` in the npm script).
 */
module.exports = {
	rootDir: '../..',
	roots: ['<rootDir>/test/e2e-queue'],
	testMatch: ['**/*.queue.test.mjs'],
	moduleFileExtensions: ['mjs', 'js', 'json'],
	transform: {},
	testEnvironment: 'node',
	globalSetup: '<rootDir>/test/e2e-queue/global-setup.mjs',
	globalTeardown: '<rootDir>/test/e2e-queue/global-teardown.mjs',
	testTimeout: 5 * 60_000,
	verbose: true,
};
