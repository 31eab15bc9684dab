/**
 * Continue On Fail for an error of the whole run, not of one item (an operation a saved workflow
 * names that this version does not have): every input item still yields its error item, paired
 * with it, instead of n8n's one unpaired error item for the node.
 */
import type { RunningEmulator } from '../emulator';
import { startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(async () => await emu.close());

const unknownOperation = (onError?: string) =>
	packageNode(
		'Wait For Task',
		'waitForTask',
		{ operation: 'renamedSince' },
		onError ? { onError } : {},
	);

const items = [{ taskId: 'a' }, { taskId: 'b' }, { taskId: 'c' }];

test('under Continue On Fail every input item gets the run error, paired with it', async () => {
	const run = await runSteps(emu, [unknownOperation('continueRegularOutput')], { items });
	expect(run.status).toBe('success');
	const out = run.output('Wait For Task');
	expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	for (const item of out) expect(item.json.error).toBe('Unknown operation "renamedSince"');
});

test('without it the run stops with that error', async () => {
	const run = await runSteps(emu, [unknownOperation()], { items });
	expect(run.status).toBe('error');
	expect(run.error?.message).toBe('Unknown operation "renamedSince"');
});
