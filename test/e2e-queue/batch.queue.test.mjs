// 200 items through one Create Video on a worker (concurrency 10, waiting by polling): 200 create
// requests, 200 completed tasks out, each paired with its own prompt.
import { fixtureWorkflows } from './paths.mjs';
import { emulator, finished, itemsOf, startManually, workersThatRan } from './stack.mjs';

const BATCH = fixtureWorkflows().find((w) => w.id === 'ugQueueBatch200');
const emu = emulator();
let executionId;
let run;

beforeAll(async () => {
	executionId = await startManually(BATCH);
	run = await finished(executionId, 4 * 60_000);
});

test('200 items: 200 creates, 200 completed tasks, on one worker', async () => {
	expect(run.status).toBe('success');
	expect(workersThatRan(executionId)).toHaveLength(1);
	const prompts = itemsOf(run, 'Prompts').map((i) => i.json.prompt);
	const out = itemsOf(run, 'Create Video');
	expect(out).toHaveLength(200);
	expect(new Set(out.map((i) => i.json.taskId)).size).toBe(200);
	for (const item of out) expect(item.json).toMatchObject({ status: 'COMPLETED' });
	expect(out.map((i) => i.pairedItem.item)).toEqual(prompts.map((_p, index) => index));
	const sent = (await emu.requests('/api/v1/jobs/createTask'))
		.map((r) => r.body?.inputs?.prompt)
		.filter((p) => String(p).startsWith('Queue batch prompt'));
	expect(sent.sort()).toEqual([...prompts].sort());
});
