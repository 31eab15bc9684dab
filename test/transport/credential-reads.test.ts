import type { RunningEmulator } from '../emulator';
import { startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

/**
 * Each request reads its credential once: n8n reads a credential from its database and decrypts it
 * on every read, and a batch's creates are bound by that CPU time (see `npm run bench`). The key
 * that authenticates a request is the one read for its URL.
 */
let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast({ taskDurationMs: 60_000 });
});
afterAll(() => emu.close());

test('a batch of 10 creates reads the credential 10 times, not twice per request', async () => {
	const items = Array.from({ length: 10 }, (_, index) => ({ prompt: `shot ${index}` }));
	const run = await runSteps(
		emu,
		[
			packageNode('Create Video', 'createVideo', {
				model: 'sd2-mini',
				generationMode: 'textToVideo',
				prompt: '={{ $json.prompt }}',
				duration: 4,
			}),
		],
		{ items },
	);
	expect(run.json('Create Video').every((task) => typeof task.taskId === 'string')).toBe(true);
	expect(run.credentialReads.get('unifiedGenerationApi')).toBe(10);
});
