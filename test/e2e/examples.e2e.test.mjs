// Every example workflow of examples/ runs in n8n's CLI (`n8n execute-batch`: one n8n process for
// all of them) against the emulator, and its output is what a user expects: task ids, statuses,
// credits (also as the emulator billed them), and the videos in n8n's binary data.
import { loadExamples, serverOnlyReason } from '../../scripts/n8n/instance.mjs';
import { isSuccess, summarizeRun } from '../../scripts/n8n/results.mjs';
import { executeWorkflows } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, isMp4, itemsOf, jsonOf, storedBinary } from './context.mjs';

// Examples marked server-only need `n8n start`: the suites named in examples/README.md run them.
const examples = loadExamples().filter(({ file, workflow }) => {
	const reason = serverOnlyReason(workflow);
	if (reason)
		process.stdout.write(
			`[e2e] skipping ${file.split('/').pop()} here: ${reason} (examples/README.md names the suite that runs it)\n`,
		);
	return !reason;
});
const emu = emulator();
const CREATE_TASK = '/api/v1/jobs/createTask';
const CREATE_UPSCALE = '/api/v1/upscale/create';

let batch;
let creditsBefore;
let creditsAfter;
let createTaskRequests;
let createUpscaleRequests;

beforeAll(async () => {
	creditsBefore = (await emu.credits()).credits;
	const logged = (await emu.requests(CREATE_TASK)).length;
	const loggedUpscales = (await emu.requests(CREATE_UPSCALE)).length;
	batch = await executeWorkflows(
		examples.map((e) => e.workflow.id),
		{ userFolder: USER_FOLDER, concurrency: examples.length },
	);
	creditsAfter = (await emu.credits()).credits;
	createTaskRequests = (await emu.requests(CREATE_TASK)).slice(logged);
	createUpscaleRequests = (await emu.requests(CREATE_UPSCALE)).slice(loggedUpscales);
});

/** The run n8n recorded for an example (its execute-batch snapshot). */
function runOf(id) {
	const run = batch.runs[id];
	if (!run) {
		const entry = batch.summary?.executions?.find((e) => e.workflowId === id);
		const output = `${batch.stdout}\n${batch.stderr}`.trim().split('\n').slice(-30).join('\n');
		throw new Error(
			`no successful run of ${id}: ${entry ? `${entry.executionStatus}: ${entry.error}` : 'not in the batch summary'}\n${output}`,
		);
	}
	return run;
}

/** A finished task's video: in n8n's binary data, stored in full, the very file the emulator serves. */
async function expectVideo(item) {
	const binary = item.binary?.data;
	expect(binary).toMatchObject({
		mimeType: 'video/mp4',
		fileExtension: 'mp4',
		fileName: expect.stringMatching(/\.mp4$/),
	});
	expect(binary.bytes).toBeGreaterThan(0);
	const stored = storedBinary(binary);
	expect(stored.length).toBe(binary.bytes);
	expect(isMp4(stored)).toBe(true);
	const served = await emu.download(item.json.output[0].url);
	expect(served.type).toMatch(/^video\/mp4/);
	expect(stored.equals(served.bytes)).toBe(true);
}

const shorterSide = (output) => Math.min(output.width, output.height);

test('n8n runs every example workflow to success', () => {
	const outcome = Object.fromEntries(
		(batch.summary?.executions ?? []).map((e) => [
			e.workflowId,
			e.error ? `${e.executionStatus}: ${e.error}` : e.executionStatus,
		]),
	);
	expect(outcome).toEqual(Object.fromEntries(examples.map((e) => [e.workflow.id, 'success'])));
	expect(batch.code).toBe(0);
});

test.each(examples.map((e) => [e.workflow.name, e]))(
	'%s: no item has an error, no task failed, every file is stored',
	(_name, { workflow }) => {
		const summary = summarizeRun(runOf(workflow.id), { userFolder: USER_FOLDER, workflow });
		expect(summary.itemErrors).toEqual([]);
		expect(summary.tasks.filter((t) => t.error)).toEqual([]);
		expect(isSuccess(summary)).toBe(true);
		for (const file of summary.files) expect(file.path).toEqual(expect.any(String));
	},
);

test('text to video: one sd2 task, completed, 200 credits, the MP4 in binary data', async () => {
	const run = runOf('ugExTextVideo01');
	const [created] = jsonOf(run, 'Create Video');
	expect(created).toEqual({
		taskId: expect.any(String),
		orderId: expect.any(String),
		model: 'sd2',
		estimatedCredits: 200,
	});
	const done = itemsOf(run, 'Wait For Task', 0);
	expect(itemsOf(run, 'Wait For Task', 1)).toEqual([]);
	expect(done).toHaveLength(1);
	expect(done[0].json).toMatchObject({
		taskId: created.taskId,
		orderId: created.orderId,
		status: 'COMPLETED',
		creditsUsed: 200,
		outcome: 'succeeded',
	});
	expect(shorterSide(done[0].json.output[0])).toBe(720); // sd2's default output resolution
	await expectVideo(done[0]);
});

test('batch of prompts: five tasks, one per prompt, all completed, five videos', async () => {
	const run = runOf('ugExBatchPrmt02');
	expect(jsonOf(run, 'Prompts')).toHaveLength(5);
	const created = jsonOf(run, 'Create Video');
	expect(created).toHaveLength(5);
	expect(new Set(created.map((c) => c.taskId)).size).toBe(5);
	for (const c of created)
		expect(c).toMatchObject({ model: 'sd2-fast', estimatedCredits: expect.any(Number) });
	const done = itemsOf(run, 'Wait For Task', 0);
	expect(itemsOf(run, 'Wait For Task', 1)).toEqual([]);
	expect(done).toHaveLength(5);
	for (const item of done) {
		// each result is paired with the Create Video item of its own task
		const source = created[item.pairedItem.item];
		expect(item.json).toMatchObject({
			taskId: source.taskId,
			status: 'COMPLETED',
			creditsUsed: source.estimatedCredits,
		});
		await expectVideo(item);
	}
	// the prompts reached the service, one task each
	const prompts = jsonOf(run, 'Prompts')
		.map((p) => p.prompt)
		.sort();
	const sent = createTaskRequests
		.filter((r) => r.body?.model === 'sd2-fast')
		.map((r) => r.body.inputs.prompt)
		.sort();
	expect(sent).toEqual(prompts);
});

test('scheduled batch (run once by hand): three rows, three tasks, all complete', async () => {
	const run = runOf('ugExSchedSkip09');
	const created = jsonOf(run, 'Create Video');
	expect(created).toHaveLength(3);
	expect(new Set(created.map((c) => c.taskId)).size).toBe(3);
	const done = itemsOf(run, 'Wait For Task', 0);
	expect(done.map((item) => item.json.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
	for (const item of done) await expectVideo(item);
});

test('draft then final: a 480p sd2.5 draft, then a 1080p final made from its orderId', async () => {
	const run = runOf('ugExDraftFinl03');
	const [draft] = jsonOf(run, 'Create Draft');
	const [draftDone] = jsonOf(run, 'Wait For Draft');
	expect(draftDone).toMatchObject({
		taskId: draft.taskId,
		status: 'COMPLETED',
		creditsUsed: draft.estimatedCredits,
	});
	expect(shorterSide(draftDone.output[0])).toBe(480);
	const [final] = itemsOf(run, 'Create Final');
	expect(final.json).toMatchObject({
		model: 'sd2.5',
		status: 'COMPLETED',
		creditsUsed: expect.any(Number),
	});
	expect(final.json.taskId).not.toBe(draft.taskId);
	expect(final.json.orderId).not.toBe(draft.orderId);
	expect(shorterSide(final.json.output[0])).toBe(1080);
	await expectVideo(final);
	// the final was requested with the draft's orderId (not its taskId)
	const finalRequest = createTaskRequests.find((r) => r.body?.inputs?.draftSourceOrderId);
	expect(finalRequest.body).toEqual({
		model: 'sd2.5',
		inputs: { draftSourceOrderId: draft.orderId },
	});
});

test('a clip, its upscale and a video made from it: each priced exactly before sending, as billed', async () => {
	const run = runOf('ugExClipUpsc008');
	const [clip] = jsonOf(run, 'A Clip');
	// sd2-mini 720p 8 s: 20 x 8
	expect(clip).toMatchObject({ status: 'COMPLETED', estimatedCredits: 160, creditsUsed: 160 });
	// the upscale read the clip's header with range requests: 8 s at 25 credits a second (1080p)
	const [upscaled] = itemsOf(run, 'Upscale The Clip');
	expect(upscaled.json).toMatchObject({
		status: 'completed',
		estimatedCredits: 200,
		creditsConsumed: 200,
	});
	expect(upscaled.binary?.data).toMatchObject({
		mimeType: 'video/mp4',
		fileName: expect.stringMatching(/\.mp4$/),
	});
	// alt3.0-video 720p with the 8 s clip as reference: (5 + 8) x 32, read from the file itself
	const [made] = itemsOf(run, 'Video From The Clip');
	expect(made.json).toMatchObject({ status: 'COMPLETED', estimatedCredits: 416, creditsUsed: 416 });
	await expectVideo(made);
});

test('credits: both balances, one node and one credential each (Get Credits, Compat Task → Balance → Get)', () => {
	const run = runOf('ugExCredits0004');
	const [balance] = jsonOf(run, 'Get Credits');
	expect(balance).toEqual({ credits: expect.any(Number), availableCredits: expect.any(Number) });
	const [compat] = jsonOf(run, 'Compat Balance');
	expect(compat).toMatchObject({ balance: expect.any(Number), markupRate: 1 });
	// the compat example spends from the compat balance (1000 at the start) side by side
	expect(compat.balance).toBeLessThanOrEqual(1000);
	// the examples ran side by side: the balance was read somewhere between start and end
	expect(balance.credits).toBeLessThanOrEqual(creditsBefore);
	expect(balance.credits).toBeGreaterThanOrEqual(creditsAfter);
});

test('the emulator billed exactly the credits the tasks report, and saw one create request per task', () => {
	// compat tasks are settled in the compat balance and created by their own route (the credits test)
	const tasks = examples
		.flatMap(
			({ workflow }) =>
				summarizeRun(runOf(workflow.id), { userFolder: USER_FOLDER, workflow }).tasks,
		)
		.filter((task) => task.service === 'unified');
	const reported = tasks.reduce((sum, t) => sum + t.creditsUsed, 0);
	expect(reported).toBeGreaterThan(0);
	expect(creditsBefore - creditsAfter).toBe(reported);
	// an upscale is a task created by its own request (POST /upscale/create), not by createTask
	const creates = [...createTaskRequests, ...createUpscaleRequests];
	expect(creates.map((r) => r.status)).toEqual(tasks.map(() => 200));
	expect(createUpscaleRequests).toHaveLength(1);
});
