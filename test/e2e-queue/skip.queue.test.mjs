// Skip Items Already Created in queue mode: the memory is n8n's deduplication store in
// Postgres, which every worker shares, so the second execution (on whichever worker takes it)
// skips the rows the first created and sends nothing.
import { fixtureWorkflows } from './paths.mjs';
import { emulator, finished, itemsOf, startManually, workersThatRan } from './stack.mjs';

const SKIP = fixtureWorkflows().find((w) => w.id === 'ugQueueSkip0001');
const emu = emulator();
const CREATE_TASK = '/api/v1/jobs/createTask';

/** One execution on a worker: its Create Video items, the creates the emulator got, the worker. */
async function execution() {
	const logged = (await emu.requests(CREATE_TASK)).length;
	const executionId = await startManually(SKIP);
	const run = await finished(executionId);
	expect(run.status).toBe('success');
	return {
		items: itemsOf(run, 'Create Video').map((item) => item.json),
		sent: (await emu.requests(CREATE_TASK)).slice(logged),
		workers: workersThatRan(executionId),
	};
}

let first;
let second;

beforeAll(async () => {
	first = await execution();
	second = await execution();
});

test('the first execution creates a task per row, on a worker', () => {
	expect(first.workers).toHaveLength(1);
	expect(first.sent).toHaveLength(3);
	for (const item of first.items) expect(item.taskId).toEqual(expect.any(String));
});

test('the second skips all three rows, whichever worker runs it: nothing sent', () => {
	expect(second.workers).toHaveLength(1);
	expect(second.sent).toEqual([]);
	expect(second.items).toEqual(
		first.items.map(() => expect.objectContaining({ skipped: true, taskCreated: 'no' })),
	);
});
