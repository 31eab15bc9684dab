import type { RunningEmulator } from '../emulator';
import { addAccount, control, logged, startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { COMPAT_CREDENTIAL, packageNode, UNIFIED_CREDENTIAL } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

describe('Get Credits', () => {
	test('reads credits and availableCredits', async () => {
		const apiKey = await addAccount(emu, 'credits-key', { credits: 4321 });
		const run = await runSteps(emu, [packageNode('Get Credits', 'getCredits', {})], { apiKey });
		expect(run.json('Get Credits')).toEqual([{ credits: 4321, availableCredits: 4321 }]);
	});

	test("version 1 with Include Task-Compatible Balance on stops before any request, and says how to read both balances (n8n's one credential per node)", async () => {
		const apiKey = await addAccount(emu, 'compat-key', { credits: 10, compatBalance: 250.5 });
		const before = (await logged(emu, '/api/v1/account/credits')).length;
		expect(before).toBeGreaterThan(0);
		const run = await runSteps(
			emu,
			[
				packageNode(
					'Get Credits',
					'getCredits',
					{ includeCompatBalance: true },
					{ credentials: { ...UNIFIED_CREDENTIAL, ...COMPAT_CREDENTIAL } },
				),
			],
			{ apiKey },
		);
		expect(run.error?.message).toBe(
			'Include Task-Compatible Balance is no longer supported: n8n allows one credential per node',
		);
		expect(run.error?.description).toMatch(/Compat Task → Balance → Get\. Nothing was read\.$/);
		expect(await logged(emu, '/api/v1/account/credits')).toHaveLength(before);
		expect(await logged(emu, '/v1/me/balance')).toHaveLength(0);
	});

	test('both balances: Get Credits (version 2) and Compat Task → Balance → Get, one credential each', async () => {
		const apiKey = await addAccount(emu, 'both-key', {
			credits: 10,
			compatBalance: 250.5,
			markupRate: 1.2,
		});
		const run = await runSteps(
			emu,
			[
				packageNode('Get Credits', 'getCredits', {}, { typeVersion: 2 }),
				packageNode(
					'Compat Balance',
					'compatTask',
					{ resource: 'balance', operation: 'get' },
					{ credentials: COMPAT_CREDENTIAL },
				),
			],
			{ apiKey },
		);
		expect(run.json('Get Credits')).toEqual([{ credits: 10, availableCredits: 10 }]);
		expect(run.json('Compat Balance')[0]).toMatchObject({ balance: '250.5000', markupRate: 1.2 });
	});

	test('a bad key says to check the API key; continueOnFail keeps the item', async () => {
		const stopped = await runSteps(emu, [packageNode('Get Credits', 'getCredits', {})], {
			apiKey: 'wrong',
		});
		expect(stopped.error?.message).toContain('check the API key');
		const kept = await runSteps(
			emu,
			[packageNode('Get Credits', 'getCredits', {}, { onError: 'continueRegularOutput' })],
			{ apiKey: 'wrong' },
		);
		expect(kept.output('Get Credits')[0]).toMatchObject({ pairedItem: { item: 0 } });
		expect(kept.json('Get Credits')[0].error).toContain('check the API key');
		expect((await control(emu, '/requests')).body).toBeDefined();
	});
});
