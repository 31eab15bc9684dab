import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { addAccount, KEY, startFast, submit } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { emulatorCredentials } from '../helpers/nodes';
import {
	chainWorkflow,
	COMPAT_CREDENTIAL,
	packageNode,
	UNIFIED_CREDENTIAL,
} from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';
import { byId, compatNode } from './compat-helpers';

/**
 * A 404 or 403 says what the user can change for the operation that got it: a request that names
 * no id (a create, a balance) can only have the wrong address; a read names its id.
 */

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

/** The node's error as its item shows it under On Error → Continue (message and description). */
async function errorOf(
	step: StepNode,
	options: {
		items?: IDataObject[];
		baseUrls?: { unified?: string; compat?: string };
		apiKey?: string;
	} = {},
) {
	const credentials = emulatorCredentials(emu, options.apiKey ?? KEY);
	if (options.baseUrls?.unified)
		credentials.unifiedGenerationApi.baseUrl = options.baseUrls.unified;
	if (options.baseUrls?.compat) credentials.compatVideoApi.baseUrl = options.baseUrls.compat;
	const run = await runWorkflow(chainWorkflow([{ ...step, onError: 'continueRegularOutput' }]), {
		credentials,
		items: options.items,
	});
	const items = run.runData[step.name]?.[0]?.data?.main?.flat() ?? [];
	const json = items.find((item) => item?.json.error)?.json ?? {};
	return {
		message: String(json.error ?? ''),
		description: String(json.errorDescription ?? json.description ?? ''),
	};
}

const createVideo = packageNode('Create Video', 'createVideo', {
	model: 'sd2-mini',
	generationMode: 'textToVideo',
	prompt: 'a red kite',
	duration: 4,
});

describe('a 404 names what to change for the operation', () => {
	test('a create on a wrong Base URL says to check the Base URL of the Unified Generation API credential, not an id', async () => {
		const { message } = await errorOf(createVideo, { baseUrls: { unified: `${emu.url}/v2` } });
		expect(message).toBe(
			"Not found (HTTP 404): the service has no such address: check the Base URL in the Unified Generation API credential: the service's address, ending in /api/v1 (or just its host and port)",
		);
		expect(message).not.toMatch(/task, asset or order id/);
	});

	test('Get Credits on a wrong Base URL: the same', async () => {
		const { message } = await errorOf(packageNode('Get Credits', 'getCredits', {}), {
			baseUrls: { unified: `${emu.url}/v2` },
		});
		expect(message).toContain('check the Base URL in the Unified Generation API credential');
	});

	test('a compat create on a wrong Base URL names the Task-Compatible Video API credential and its root', async () => {
		const create = compatNode('Create', {
			resource: 'task',
			operation: 'create',
			model: 'video-2-0-260128',
			prompt: 'a boat',
		});
		const { message } = await errorOf(create, { baseUrls: { compat: `${emu.url}/api/v1` } });
		expect(message).toBe(
			"Not found (HTTP 404): the service has no such address: check the Base URL in the Task-Compatible Video API credential: the service's root address, with or without /v1",
		);
	});

	test('Wait For Task → Get of an unknown task says to check that task id, and mentions the Base URL only as the other cause', async () => {
		const get = packageNode('Get', 'waitForTask', { operation: 'get' });
		const { message, description } = await errorOf(get, { items: [{ taskId: 'task_missing' }] });
		expect(message).toBe(
			'Not found (HTTP 404): no task "task_missing" for this account: check the task id',
		);
		expect(description).toContain(
			'If every request answers 404, check the Base URL in the Unified Generation API credential',
		);
	});

	test('Upload Asset → Get Status of an unknown asset says to check the asset id', async () => {
		const status = packageNode('Status', 'uploadAsset', { operation: 'getStatus' });
		const { message } = await errorOf(status, { items: [{ assetId: '999999' }] });
		expect(message).toBe(
			'Not found (HTTP 404): no asset "999999" for this account: check the asset id',
		);
	});

	test('Wait For Task → Relations of an unknown order says to check the order id', async () => {
		const relations = packageNode('Relations', 'waitForTask', { operation: 'relations' });
		const { message } = await errorOf(relations, { items: [{ orderId: 'order_missing' }] });
		expect(message).toBe(
			'Not found (HTTP 404): no order "order_missing" for this account: check the order id',
		);
	});

	test('Compat Task → Get of an unknown task, Asset → Get of an unknown asset, Asset → Create in an unknown group', async () => {
		const task = await errorOf(compatNode('Get', { resource: 'task', operation: 'get' }), {
			items: [{ id: 'cgt-missing' }],
		});
		expect(task.message).toBe(
			'Not found (HTTP 404): no task "cgt-missing" for this account: check the task id',
		);
		const asset = await errorOf(compatNode('Asset', { resource: 'asset', operation: 'get' }), {
			items: [{ officialId: 'asset-missing' }],
		});
		expect(asset.message).toBe(
			'Not found (HTTP 404): no asset "asset-missing" for this account: check the asset id',
		);
		const create = compatNode('Asset', {
			resource: 'asset',
			operation: 'create',
			groupId: byId('group-missing'),
			url: 'https://example.com/cat.png',
		});
		const group = await errorOf(create);
		expect(group.message).toBe(
			'Not found (HTTP 404): no asset group "group-missing" for this account: check the asset group id',
		);
	});
});

describe('a 403 and a 401 name the id or the credential', () => {
	test("another account's task: that task id belongs to another account", async () => {
		const task = await submit(emu, {
			model: 'sd2-mini',
			inputs: { prompt: 'mine', duration: '4s' },
		});
		const other = await addAccount(emu, 'other-account-key');
		const { message } = await errorOf(packageNode('Get', 'waitForTask', { operation: 'get' }), {
			items: [task],
			apiKey: other,
		});
		expect(message).toBe(
			`Access denied (HTTP 403): task "${String(task.taskId)}" belongs to another account. Use a task id of the account whose API key is in the Unified Generation API credential`,
		);
	});

	test('a refused key names the credential by its display name', async () => {
		const { message } = await errorOf(
			compatNode('Balance', { resource: 'balance', operation: 'get' }),
			{ apiKey: 'wrong-key' },
		);
		expect(message).toBe(
			'Authorization failed (HTTP 401): check the API key in the Task-Compatible Video API credential',
		);
	});
});

describe('a Base URL that is not an address, or where nothing answers, names its credential', () => {
	test("an invalid Base URL: the Unified Generation API credential's, before anything is sent", async () => {
		const { message } = await errorOf(packageNode('Get Credits', 'getCredits', {}), {
			baseUrls: { unified: 'emulator on 8787' },
		});
		expect(message).toBe('The Base URL in the Unified Generation API credential is not valid');
	});

	test('nothing listening: a compat read names the Task-Compatible Video API credential, not the other one', async () => {
		const node = packageNode(
			'Compat Task',
			'compatTask',
			{ resource: 'balance', operation: 'get' },
			{ credentials: { ...UNIFIED_CREDENTIAL, ...COMPAT_CREDENTIAL } },
		);
		const { message, description } = await errorOf(node, {
			baseUrls: { compat: 'http://127.0.0.1:9' },
		});
		expect(message).toBe('Could not reach the service');
		expect(description).toContain(
			'Check the Base URL in the Task-Compatible Video API credential and that the service is up',
		);
	}, 30_000);
});
