/**
 * What survives when n8n itself fails: a real n8n 2.x (`n8n start`, and a queue-mode stack) killed
 * with SIGKILL while a workflow's tasks are paid for and running, then started again.
 * `npm run test:durable`. The set-up is the e2e suite's (build, n8n, package, emulator, user
 * folder); each test file starts and kills its own n8n processes.
 */
const e2e = require('../e2e/jest.config.js');

module.exports = {
	...e2e,
	roots: ['<rootDir>/test/durable'],
	testMatch: ['**/*.durable.test.mjs'],
};
