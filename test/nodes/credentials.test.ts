import type { ICredentialType, INodeType, JsonObject } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CompatVideoApi } from '../../credentials/CompatVideoApi.credentials';
import { UnifiedGenerationApi } from '../../credentials/UnifiedGenerationApi.credentials';
import type { RunningEmulator } from '../emulator';
import { addAccount, control, KEY, startFast } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import {
	packageNode,
	chainWorkflow,
	COMPAT_CREDENTIAL,
	UNIFIED_CREDENTIAL,
} from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const requestPaths = async (since: number) =>
	((await control(emu, '/requests')).body as Array<{ path: string }>)
		.slice(since)
		.map((request) => request.path);
const requestCount = async () => ((await control(emu, '/requests')).body as unknown[]).length;

/**
 * The credential's "Test" as n8n's CredentialsTester runs it: a declarative node whose one field
 * routes the credential's test request, run by n8n-core's RoutingNode with the credential's own
 * authentication; a non-2xx answer is matched against the test's `rules` by status code.
 */
async function credentialTest(credential: ICredentialType, data: Record<string, unknown>) {
	const tester: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['input'],
			version: 1,
			description: 'Runs a credential test request',
			defaults: { name: 'Credential Test' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: credential.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: credential.test!.request },
				},
			],
		},
	};
	const workflow = chainWorkflow([
		{
			name: 'Credential Test',
			type: 'credentialTest',
			parameters: {},
			credentials: { [credential.name]: { id: '1', name: 'Tested' } },
		},
	]);
	const run = await runWorkflow(workflow, {
		credentials: { [credential.name]: data },
		extraNodeTypes: { credentialTest: tester },
	});
	if (run.status === 'success') return { ok: true as const };
	const error = run.runData['Credential Test']?.[0]?.error as unknown as JsonObject | undefined;
	const status = Number(error?.httpCode);
	const rule = credential.test!.rules?.find(
		(candidate) => candidate.type === 'responseCode' && candidate.properties.value === status,
	);
	return {
		ok: false as const,
		status,
		message: rule ? String(rule.properties.message) : run.error?.message,
	};
}

describe('Unified Generation API credential: the Base URL with or without /api/v1', () => {
	const unified = new UnifiedGenerationApi();

	test.each([
		['the service address', () => emu.unifiedBaseUrl],
		['the root the start banner prints', () => emu.url],
		['the root with a slash and the spaces of a paste', () => ` ${emu.url}/ `],
		['the service address with a slash', () => `${emu.unifiedBaseUrl}/`],
	])('the credential test passes with %s', async (_, baseUrl) => {
		const before = await requestCount();
		expect(await credentialTest(unified, { apiKey: KEY, baseUrl: baseUrl() })).toEqual({
			ok: true,
		});
		expect(await requestPaths(before)).toEqual(['/api/v1/account/credits']);
	});

	test.each([
		['the service address', () => emu.unifiedBaseUrl],
		['the root the start banner prints', () => emu.url],
	])('a node reads its credits with %s', async (_, baseUrl) => {
		await addAccount(emu, 'root-url-key', { credits: 77 });
		const run = await runWorkflow(chainWorkflow([packageNode('Get Credits', 'getCredits', {})]), {
			credentials: { unifiedGenerationApi: { apiKey: 'root-url-key', baseUrl: baseUrl() } },
		});
		expect(run.error).toBeUndefined();
		expect(run.json('Get Credits')[0]).toMatchObject({ credits: 77 });
	});

	test('an address typed without a scheme is tried over https://, not refused as an invalid URL', async () => {
		const before = await requestCount();
		const hostAndPort = emu.url.replace(/^http:\/\//, '');
		const result = await credentialTest(unified, { apiKey: KEY, baseUrl: hostAndPort });
		// The emulator speaks plain http: the https attempt fails its handshake, and no request arrives.
		expect(result.ok).toBe(false);
		expect(String(result.message)).toMatch(/EPROTO|wrong version number/);
		expect(await requestPaths(before)).toEqual([]);
	});

	test("a path other than the root is the user's: kept, and a 404 says what the Base URL must be", async () => {
		const result = await credentialTest(unified, { apiKey: KEY, baseUrl: `${emu.url}/api` });
		expect(result).toMatchObject({ ok: false, status: 404 });
		expect(result.message).toContain('the Base URL does not lead to the Unified Generation API');
		expect(result.message).toContain('/api/v1');
	});

	test('a refused key says the key was refused, not just "Unauthorized"', async () => {
		const result = await credentialTest(unified, { apiKey: 'not-a-valid-key', baseUrl: emu.url });
		expect(result).toMatchObject({ ok: false, status: 401 });
		expect(result.message).toMatch(
			/^The Unified Generation API refused the API key \(HTTP 401\): paste the key again/,
		);
		expect(result.message).not.toContain('not-a-valid-key');
	});
});

describe('Task-Compatible Video API credential: the root', () => {
	const compat = new CompatVideoApi();

	test('the credential test passes with the root, with or without a slash', async () => {
		for (const baseUrl of [emu.compatBaseUrl, `${emu.compatBaseUrl}/`]) {
			expect(await credentialTest(compat, { apiKey: KEY, baseUrl })).toEqual({ ok: true });
		}
	});

	test('a refused key and a wrong Base URL each say what to change', async () => {
		const refused = await credentialTest(compat, {
			apiKey: 'not-a-valid-key',
			baseUrl: emu.compatBaseUrl,
		});
		expect(refused).toMatchObject({ ok: false, status: 401 });
		expect(refused.message).toContain('The Task-Compatible Video API refused the API key');
		const wrongPath = await credentialTest(compat, {
			apiKey: KEY,
			baseUrl: `${emu.compatBaseUrl}/api/v1`,
		});
		expect(wrongPath).toMatchObject({ ok: false, status: 404 });
		expect(wrongPath.message).toContain(
			"Check the Base URL you set: the API's root address, with or without /v1",
		);
		expect(wrongPath.message).not.toContain('8787');
	});

	test('the root with /v1 (as an upstream SDK takes it) works too: the test and a node send /v1 once', async () => {
		const baseUrl = `${emu.compatBaseUrl}/v1/`;
		expect(await credentialTest(compat, { apiKey: KEY, baseUrl })).toEqual({ ok: true });
		const since = await requestCount();
		const node = packageNode(
			'Compat Task',
			'compatTask',
			{ resource: 'balance', operation: 'get' },
			{ credentials: COMPAT_CREDENTIAL },
		);
		const run = await runWorkflow(chainWorkflow([node]), {
			credentials: { compatVideoApi: { apiKey: KEY, baseUrl } },
		});
		expect(run.error).toBeUndefined();
		expect(run.json('Compat Task')[0]).toMatchObject({ balance: expect.any(String) });
		expect(await requestPaths(since)).toEqual(['/v1/me/balance']);
	});

	test('both balances with both credentials given as the banner prints them: Get Credits and Compat Task → Balance → Get, one credential each', async () => {
		await addAccount(emu, 'both-roots', { credits: 5, compatBalance: 120 });
		const credits = packageNode('Get Credits', 'getCredits', {}, { typeVersion: 2 });
		const balance = packageNode(
			'Compat Task',
			'compatTask',
			{ resource: 'balance', operation: 'get' },
			{ credentials: COMPAT_CREDENTIAL },
		);
		const run = await runWorkflow(chainWorkflow([credits, balance]), {
			credentials: {
				unifiedGenerationApi: { apiKey: 'both-roots', baseUrl: emu.url },
				compatVideoApi: { apiKey: 'both-roots', baseUrl: emu.url },
			},
		});
		expect(run.json('Get Credits')[0]).toMatchObject({ credits: 5 });
		expect(run.json('Compat Task')[0]).toMatchObject({ balance: '120.0000' });
	});

	test('a node with no credential chosen names the credential as the editor does', async () => {
		const node = packageNode(
			'Compat Task',
			'compatTask',
			{ resource: 'balance', operation: 'get' },
			{ credentials: {} },
		);
		const run = await runWorkflow(chainWorkflow([node]), {
			credentials: { unifiedGenerationApi: { apiKey: KEY, baseUrl: emu.url } },
		});
		expect(run.error?.message).toBe('Choose a Task-Compatible Video API credential on this node');
		expect(run.error?.description).toContain('choose one in its credential field');
		expect(JSON.stringify(run.error)).not.toContain('compatVideoApi');
	});
});
