// Skip Items Already Created in a real n8n: the memory is n8n's own deduplication store, in
// its database. Each `n8n execute` is a whole n8n process that starts, runs the workflow and exits,
// so the second execution below also runs after a restart of n8n on the same user folder: the
// rows the first created are skipped, and nothing is sent (or billed) again.
import { executeWorkflow } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, jsonOf } from './context.mjs';

const emu = emulator();
const CREATE_TASK = '/api/v1/jobs/createTask';
const WORKFLOW_ID = 'ugE2eSkipCrtd01';

/** One `n8n execute` of the fixture: its Create Video items, and the creates the emulator received. */
async function execution() {
	const logged = (await emu.requests(CREATE_TASK)).length;
	const credits = (await emu.credits()).credits;
	const result = await executeWorkflow(WORKFLOW_ID, { userFolder: USER_FOLDER });
	expect(result.code).toBe(0);
	expect(result.run?.status).toBe('success');
	return {
		items: jsonOf(result.run, 'Create Video'),
		sent: (await emu.requests(CREATE_TASK)).slice(logged),
		spent: credits - (await emu.credits()).credits,
	};
}

let first;
let second;

beforeAll(async () => {
	first = await execution();
	second = await execution();
});

test('the first execution creates a task for each of the three rows', () => {
	expect(first.sent).toHaveLength(3);
	expect(first.items).toHaveLength(3);
	for (const item of first.items) expect(item.taskId).toEqual(expect.any(String));
});

test('the next execution, in a restarted n8n, skips all three: nothing sent, nothing billed', () => {
	expect(second.sent).toEqual([]);
	expect(second.spent).toBe(0);
	expect(second.items).toHaveLength(3);
	for (const [index, item] of second.items.entries()) {
		expect(item).toMatchObject({
			skipped: true,
			taskCreated: 'no',
			estimatedCredits: 0,
			skipKey: expect.stringMatching(/^generation:[0-9a-f]{64}$/),
		});
		expect(item.taskId).toBeUndefined();
		// the same rows give the same keys
		expect(item.skipKey).not.toBe(second.items[(index + 1) % 3].skipKey);
	}
});
