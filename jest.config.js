/** Unit, emulator and workflow tests; all TypeScript through ts-jest. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/nodes'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/dist/', '/test/e2e/'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	testTimeout: 30000,
	// One worker per core: most tests wait on the emulator's timers, not on the CPU (jest's default,
	// cores - 1, runs a 2-core machine's suite in band, at twice the time).
	maxWorkers: '100%',
};
