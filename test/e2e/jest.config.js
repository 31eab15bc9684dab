/**
 * End-to-end suite: this package installed in a real n8n 2.x (see scripts/n8n/), against the
 * emulator. `npm run test:e2e`. The tests are native ES modules (they share scripts/n8n/*.mjs with
 * the demo), hence `node --experimental-vm-modules` in the npm script and no transform here.
 * The global set-up builds, installs n8n the first time (minutes, with progress lines), packs and
 * installs the package, starts the emulator and imports credentials and workflows; every test file
 * then runs against that one n8n user folder, one file at a time (--runInBand).
 */
module.exports = {
	rootDir: '../..',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.mjs'],
	moduleFileExtensions: ['mjs', 'js', 'json'],
	transform: {},
	testEnvironment: 'node',
	globalSetup: '<rootDir>/test/e2e/global-setup.mjs',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.mjs',
	// generous: n8n starts in ~10-15 s and a workflow waits on tasks; no test asserts on time
	testTimeout: 10 * 60_000,
	verbose: true,
};
