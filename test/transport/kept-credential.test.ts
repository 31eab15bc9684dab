import type { INode } from 'n8n-workflow';

import {
	forgetKeptCredential,
	keptCredential,
} from '../../nodes/shared/transport/webhook-credentials';

const node = (credentialId: string, id = 'node-1'): INode =>
	({
		id,
		name: 'Create Video',
		type: 'createVideo',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { unifiedGenerationApi: { id: credentialId, name: 'account' } },
	}) as INode;

const origin = (workflowId: string, theNode: INode) => ({
	getWorkflow: () => ({ id: workflowId }),
	getNode: () => theNode,
});

const TYPE = 'unifiedGenerationApi';

afterEach(() => jest.useRealTimers());

test('kept a minute for one workflow, node and credential; asked again after it, or for another', async () => {
	jest.useFakeTimers({ now: 1_000_000 });
	const read = jest.fn(async () => ({ apiKey: 'k' }));
	const here = origin('wf-1', node('c-1'));
	await keptCredential(here, TYPE, read);
	await keptCredential(here, TYPE, read);
	expect(read).toHaveBeenCalledTimes(1);
	for (const other of [
		origin('wf-2', node('c-1')),
		origin('wf-1', node('c-2')),
		origin('wf-1', node('c-1', 'node-2')),
	])
		await keptCredential(other, TYPE, read);
	expect(read).toHaveBeenCalledTimes(4);
	jest.setSystemTime(1_000_000 + 60_001);
	await keptCredential(here, TYPE, read);
	expect(read).toHaveBeenCalledTimes(5);
});

test('a read that fails is not kept, and a forgotten one is asked again', async () => {
	const failing = jest.fn(async () => {
		throw new Error('decryption failed');
	});
	const here = origin('wf-3', node('c-3'));
	await expect(keptCredential(here, TYPE, failing)).rejects.toThrow('decryption failed');
	const read = jest.fn(async () => ({ apiKey: 'k' }));
	await keptCredential(here, TYPE, read);
	forgetKeptCredential(here, TYPE);
	await keptCredential(here, TYPE, read);
	expect(read).toHaveBeenCalledTimes(2);
});
