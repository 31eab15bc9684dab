import type { RunningEmulator } from '../emulator';
import { addAccount, control, startFast } from '../emulator/test-helpers';
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

	test('adds the compat balance and markup rate when asked', async () => {
		const apiKey = await addAccount(emu, 'compat-key', {
			credits: 10,
			compatBalance: 250.5,
			markupRate: 1.2,
		});
		const run = await runSteps(
			emu,
			[
				packageNode(
					'Get Credits',
					'getCredits',
					{ includeCompatBalance: true },
					{
						credentials: { ...UNIFIED_CREDENTIAL, ...COMPAT_CREDENTIAL },
					},
				),
			],
			{ apiKey },
		);
		expect(run.json('Get Credits')).toEqual([
			{ credits: 10, availableCredits: 10, compatBalance: '250.5000', compatMarkupRate: 1.2 },
		]);
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
