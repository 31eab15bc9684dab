/**
 * Skip Items Already Created with Wait for Completion set to wait: a skipped item has no
 * task to wait for, so the node neither polls for it nor puts the execution to wait for a callback
 * that would never come. (Callback waiting is n8n 2.x only: see jest.n8n-v1.config.js.)
 */
import type { RunningEmulator } from '../emulator';
import { logged, startFast } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { emulatorCredentials, FAST_WAIT } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const QUERY_TASK = '/api/v1/jobs/queryTask';

function createVideo(id: string, waitForCompletion: string) {
	return packageNode(
		'Create Video',
		'createVideo',
		{
			model: 'sd2-mini',
			generationMode: 'textToVideo',
			prompt: 'a lighthouse at dusk',
			duration: 4,
			waitForCompletion,
			...FAST_WAIT,
			batchOptions: { skipCreated: true },
		},
		{ id },
	);
}

const run = (node: ReturnType<typeof createVideo>) =>
	runWorkflow(chainWorkflow([node]), {
		credentials: emulatorCredentials(emu),
		workflowId: 'skip-waiting',
	});

test.each(['wait', 'callback'])(
	'Wait for Completion "%s": a skipped item ends the node at once, with nothing polled',
	async (mode) => {
		const first = await run(createVideo(`waiting-${mode}`, 'none'));
		expect(first.json('Create Video')[0].taskId).toEqual(expect.any(String));
		const polled = (await logged(emu, QUERY_TASK)).length;
		// The resume URL a callback run adds to its request is not part of the key: the same key.
		const second = await run(createVideo(`waiting-${mode}`, mode));
		expect(second.status).toBe('success');
		expect(second.json('Create Video')).toEqual([
			expect.objectContaining({ skipped: true, taskCreated: 'no' }),
		]);
		expect((await logged(emu, QUERY_TASK)).length).toBe(polled);
	},
);
