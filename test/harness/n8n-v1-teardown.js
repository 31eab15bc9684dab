/**
 * n8n-core 1.x's SSH client manager (created with every execution context) starts a cleanup
 * interval that is not unref'd (2.x unrefs it), so jest would never exit: it is stopped after
 * each test file. Only for jest.n8n-v1.config.js.
 */
afterAll(() => {
	const { Container } = require('@n8n/di');
	const { SSHClientsManager } = require('n8n-core-v1/dist/execution-engine/ssh-clients-manager');
	if (Container.has(SSHClientsManager))
		clearInterval(Container.get(SSHClientsManager).cleanupTimer);
});
