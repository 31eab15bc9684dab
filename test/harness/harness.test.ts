import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { nodeTypes, runWorkflow } from '.';
import type { WorkflowJson, WorkflowNodeJson } from '.';
import echoWorkflow from './fixtures/echo-workflow.json';
import { startEchoServer } from './fixtures/echo-server';
import type { EchoServer } from './fixtures/echo-server';
import { HarnessProbe, PROBE_TYPE } from './fixtures/HarnessProbe.node';

const TRIGGER = 'When clicking ‘Execute workflow’';
const extraNodeTypes = { [PROBE_TYPE]: new HarnessProbe() };

/** Trigger → Probe → Done, as the editor exports it; `errorOutput` adds Probe's error branch. */
function probeWorkflow(
	parameters: Record<string, unknown>,
	probe: Partial<WorkflowNodeJson> = {},
): WorkflowJson {
	const node = (name: string, type: string, x: number, extra: Partial<WorkflowNodeJson> = {}) => ({
		id: `id-${x}`,
		name,
		type,
		typeVersion: 1,
		position: [x, 0],
		parameters: {},
		...extra,
	});
	const to = (name: string) => [{ node: name, type: 'main', index: 0 }];
	const withErrorOutput = probe.onError === 'continueErrorOutput';
	return {
		name: 'Harness probe',
		nodes: [
			node(TRIGGER, 'n8n-nodes-base.manualTrigger', 0),
			node('Probe', PROBE_TYPE, 220, {
				parameters,
				credentials: { unifiedGenerationApi: { id: '1', name: 'Unified account' } },
				...probe,
			}),
			node('Done', 'n8n-nodes-base.noOp', 440),
			...(withErrorOutput ? [node('Errors', 'n8n-nodes-base.noOp', 440)] : []),
		],
		connections: {
			[TRIGGER]: { main: [to('Probe')] },
			Probe: { main: withErrorOutput ? [to('Done'), to('Errors')] : [to('Done')] },
		},
		settings: { executionOrder: 'v1' },
	};
}

let server: EchoServer;
let credentials: { unifiedGenerationApi: { apiKey: string; baseUrl: string } };

beforeAll(async () => {
	server = await startEchoServer();
	credentials = { unifiedGenerationApi: { apiKey: 'demo-key', baseUrl: server.url } };
});
afterAll(async () => await server.close());

describe('runWorkflow', () => {
	it('runs an exported workflow file and authenticates with the credential type’s generic block', async () => {
		const result = await runWorkflow(echoWorkflow, { credentials, extraNodeTypes });

		expect(result.status).toBe('success');
		const [seen] = result.json('Probe');
		expect(seen).toMatchObject({ method: 'GET', url: '/echo' });
		expect((seen.headers as Record<string, string>).authorization).toBe('Bearer demo-key');
	});

	it('stores a streamed download in the filesystem binary data store and reads it back', async () => {
		const result = await runWorkflow(probeWorkflow({ operation: 'download' }), {
			credentials,
			extraNodeTypes,
		});

		const [item] = result.output('Probe');
		expect(item.binary?.data.id).toMatch(/^filesystem/);
		const file = await result.binary('Probe');
		expect(file).toMatchObject({ mimeType: 'video/mp4', fileName: 'clip.mp4', fileSize: '262 kB' });
		expect(file.data.equals(server.file)).toBe(true);
	});

	it('stops the workflow with the node’s error when an item fails', async () => {
		const result = await runWorkflow(probeWorkflow({ operation: 'prompt' }), {
			credentials,
			extraNodeTypes,
			items: [{ prompt: 'ok' }, { fail: true }],
		});

		expect(result.status).toBe('error');
		expect(result.error).toEqual({
			message: 'Item 1 asked to fail',
			description: 'The input item has fail: true',
			node: 'Probe',
		});
		expect(() => result.output('Done')).toThrow('Node "Done" did not run');
	});

	it('turns a failed item into an error item under onError continueRegularOutput', async () => {
		const result = await runWorkflow(
			probeWorkflow(
				{ operation: 'prompt', prompt: '={{ $json.prompt }}' },
				{ onError: 'continueRegularOutput' },
			),
			{ credentials, extraNodeTypes, items: [{ prompt: 'ok' }, { fail: true }] },
		);

		expect(result.status).toBe('success');
		expect(result.output('Done')).toEqual([
			expect.objectContaining({ json: { prompt: 'ok' }, pairedItem: { item: 0 } }),
			expect.objectContaining({ json: { error: 'Item 1 asked to fail' }, pairedItem: { item: 1 } }),
		]);
	});

	it('routes failed items to the error output under onError continueErrorOutput', async () => {
		const result = await runWorkflow(
			probeWorkflow(
				{ operation: 'prompt', prompt: '={{ $json.prompt }}' },
				{ onError: 'continueErrorOutput' },
			),
			{
				credentials,
				extraNodeTypes,
				items: [{ prompt: 'ok' }, { fail: true }, { prompt: 'also ok' }],
			},
		);

		// n8n's engine merges the failed input item into the error item it routes to the error output.
		const failed = { fail: true, error: 'Item 1 asked to fail' };
		expect(result.json('Probe', 0)).toEqual([{ prompt: 'ok' }, { prompt: 'also ok' }]);
		expect(result.json('Probe', 1)).toEqual([failed]);
		expect(result.output('Probe', 1)[0].pairedItem).toEqual({ item: 1 });
		expect(result.json('Errors')).toEqual([failed]);
		expect(result.json('Done')).toHaveLength(2);
	});

	it('resolves an expression parameter per item, keeps pairing and static data', async () => {
		const items = [{ prompt: 'a cat' }, { prompt: 'a dog' }, { prompt: 'a fox' }];
		const result = await runWorkflow(
			probeWorkflow({ operation: 'prompt', prompt: '={{ $json.prompt }}' }),
			{
				credentials,
				extraNodeTypes,
				items,
			},
		);

		const output = result.output('Probe');
		expect(output.map((item) => item.json)).toEqual(items);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.staticData).toEqual({ 'node:Probe': { items: 3 } });
	});

	it('starts from one empty item when no items are given', async () => {
		const result = await runWorkflow(probeWorkflow({ operation: 'prompt', prompt: 'fixed' }), {
			credentials,
			extraNodeTypes,
		});

		expect(result.json(TRIGGER)).toEqual([{}]);
		expect(result.json('Done')).toEqual([{ prompt: 'fixed' }]);
	});

	it('says which credentials are missing', async () => {
		const result = await runWorkflow(probeWorkflow({ operation: 'echo' }), {
			credentials: {},
			extraNodeTypes,
		});

		expect(result.status).toBe('error');
		expect(result.error?.message).toContain('No "unifiedGenerationApi" credentials');
	});
});

describe('nodeTypes', () => {
	it('registers every node of package.json under the package name and CUSTOM, and each tool as n8n names it', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
		const registry = nodeTypes();
		const known = Object.keys(registry.getKnownTypes());

		expect(registry.loadFailures).toEqual([]);
		const packaged = known.filter((name) => name.startsWith(`${pkg.name}.`));
		const tools = packaged.filter((name) => name.endsWith('Tool'));
		const nodes = packaged.filter((name) => !tools.includes(name));
		expect(nodes).toHaveLength(pkg.n8n.nodes.length);
		for (const name of nodes) {
			expect(known).toContain(name.replace(pkg.name, 'CUSTOM'));
		}
		// every node but the trigger is usable as a tool
		expect(tools.map((name) => name.replace(/Tool$/, '')).sort()).toEqual(
			nodes.filter((name) => !name.endsWith('Trigger')).sort(),
		);
	});

	it('includes the n8n-nodes-base stand-ins', () => {
		expect(nodeTypes().has('n8n-nodes-base.manualTrigger')).toBe(true);
		expect(nodeTypes().has('n8n-nodes-base.noOp')).toBe(true);
	});
});
