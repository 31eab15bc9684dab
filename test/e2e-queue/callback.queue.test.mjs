// Callback waiting in queue mode: the callback-wait example's Create Video creates its task on a
// worker and the execution waits (in the database, no worker busy); the service calls the resume
// URL on the webhook process, and a worker resumes the execution: one create, the video downloaded
// into the database.
import { loadExamples } from '../../scripts/n8n/instance.mjs';
import {
	binaryBytes,
	emulator,
	finished,
	isMp4,
	itemsOf,
	stack,
	startManually,
	workersThatRan,
} from './stack.mjs';

const EXAMPLE = loadExamples().find((e) => e.workflow.id === 'ugExCallWait007').workflow;
const emu = emulator();
let executionId;
let run;

beforeAll(async () => {
	executionId = await startManually(EXAMPLE);
	run = await finished(executionId);
});

test('the execution resumes on a worker when the service calls back, with exactly one create', async () => {
	expect(run.status).toBe('success');
	const creates = (await emu.requests('/api/v1/jobs/createTask')).filter((r) =>
		String(r.body?.callBackUrl).includes(`/webhook-waiting/${executionId}`),
	);
	expect(creates).toHaveLength(1);
	// the resume URL is the webhook process's (WEBHOOK_URL)
	expect(creates[0].body.callBackUrl.startsWith(stack().webhookUrls[0])).toBe(true);
	// a worker started it, a worker resumed it
	expect(workersThatRan(executionId)).toHaveLength(2);
	const [item] = itemsOf(run, 'Create Video');
	expect(item.json).toMatchObject({ status: 'COMPLETED', outcome: 'succeeded' });
	expect(itemsOf(run, 'Use the finished video')).toHaveLength(1);
});

test("Create Video's own download after the callback is in the database, the emulator's MP4", async () => {
	const [item] = itemsOf(run, 'Create Video');
	expect(item.binary.data.id).toMatch(/^database:/);
	const stored = await binaryBytes(item.binary.data);
	expect(isMp4(stored)).toBe(true);
	expect(stored.equals((await emu.download(item.json.output[0].url)).bytes)).toBe(true);
});
