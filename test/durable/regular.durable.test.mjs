// Regular mode (one `n8n start`), 5 prompts, n8n killed with SIGKILL while the paid tasks run,
// then started again on the same user folder. The emulator's request log counts the creates.
//
// - callback waiting (the production recipe): the task ids wait in n8n's database; n8n back
//   before the tasks end → the execution resumes with all 5 results; n8n down longer than the
//   service's callback retries → at its Timeout the execution goes on with the 5 ids and Wait
//   For Task delivers the results. 5 creates in both.
// - polling (Create Video's default Wait): the ids are in n8n's log from the moment each task
//   exists; n8n's Retry of the crashed execution sends no create.
// - a Stop during the wait: the ids are in n8n's log.
// - paid once (Create Video's ledger): n8n's Retry of an execution that failed on a refused row,
//   of one killed during its creates at Parallel Submissions 4, two Retries of one execution at
//   once, a Retry beside a live run under Skip, and Skip Memory smaller than two batches.
import { processEnv } from '../bench/proc-tree.mjs';
import { isMp4, itemsOf, storedBinary } from '../e2e/context.mjs';

const CREATE = '/api/v1/jobs/createTask';
import {
	loggedTaskIds,
	n8nServer,
	productionWorkflow,
	retryExecution,
	retryRun,
	runIn,
	sleep,
	until,
} from './crash.mjs';
import {
	callbacksGivenUp,
	control,
	createVideo,
	createdSince,
	createsOf,
	createsPerRow,
	expectLoggedIds as expectLogged,
	promptsFor,
	recipe,
	taskIds,
} from './workflows.mjs';

let server;
let settings;
beforeAll(async () => {
	settings = await control('/settings');
	server = await n8nServer();
}, 6 * 60_000);
afterAll(async () => {
	await control('/settings', settings);
	await server?.stop();
});

/** Starts the workflow and kills n8n once every create is answered and the node waits. */
async function startAndCrash(workflow, prompts, waitingStatus) {
	const executionId = await workflow.start();
	await until(
		async () => ((await createsOf(prompts)).length === prompts.length ? true : undefined),
		'the 5 creates',
	);
	if (waitingStatus) await runIn(server, executionId, [waitingStatus], 60_000);
	else
		await until(
			async () => (loggedTaskIds(server.log()).length >= prompts.length ? true : undefined),
			'the log lines',
		);
	await sleep(500);
	await server.crash();
	return executionId;
}

const expectLoggedIds = (prompts, ids) => expectLogged(server.log(), prompts, ids);

// `npm test` runs the production recipe's tests once more on QuickJS (scripts/test-all.mjs)
test('the production recipe runs on the expression engine this run asks for (N8N_EXPRESSION_ENGINE)', () => {
	expect(processEnv(server.pid(), 'N8N_EXPRESSION_ENGINE')).toBe(process.env.N8N_EXPRESSION_ENGINE);
});

test('the production recipe, n8n killed while the batch waits and back before the tasks end: the execution resumes with all 5 results, 5 creates', async () => {
	const prompts = promptsFor('callback, back in time');
	// 60 s: n8n is back well before the tasks end even on a machine busy with other suites
	await control('/settings', { taskDurationMs: 60_000 });
	const workflow = await productionWorkflow(
		server,
		'durable: recipe, back in time',
		prompts,
		recipe(10),
	);
	const executionId = await startAndCrash(workflow, prompts, 'waiting');
	await server.restart();
	const done = await runIn(server, executionId, ['success', 'error', 'crashed'], 180_000);
	expect(done.status).toBe('success');
	const created = itemsOf(done, 'Create Video');
	expect(created.map((item) => item.json.outcome)).toEqual(Array(5).fill('succeeded'));
	const results = itemsOf(done, 'Wait For Task');
	expect(results.map((item) => item.pairedItem)).toEqual(prompts.map((_, item) => ({ item })));
	for (const item of results) {
		expect(item.json).toMatchObject({ status: 'COMPLETED' });
		expect(isMp4(storedBinary(item.binary.data))).toBe(true);
	}
	expect(await createsOf(prompts)).toHaveLength(5);
	expectLoggedIds(
		prompts,
		created.map((item) => item.json.taskId),
	);
});

test("the production recipe, n8n down longer than the service's callback retries: at its Timeout the execution goes on with the 5 ids and Wait For Task delivers the results, 5 creates", async () => {
	const prompts = promptsFor('callback, down too long');
	// 20 s tasks, a 30 s Timeout: n8n is killed before any task ends or the wait times out, even when
	// a busy machine is slow to report the execution waiting (3 s, then 10 s tasks with a 15 s Timeout
	// once resumed it first, beside the other suites: the execution was running when killed, so n8n
	// marked it crashed)
	await control('/settings', { taskDurationMs: 20_000, webhookRetryDelaysMs: [100, 200, 300] });
	const workflow = await productionWorkflow(
		server,
		'durable: recipe, down too long',
		prompts,
		recipe(0.5),
	);
	const before = await taskIds();
	const executionId = await startAndCrash(workflow, prompts, 'waiting');
	// Every task ends and the service gives up calling back while n8n is down.
	const ids = await createdSince(before);
	await until(() => callbacksGivenUp(ids), 'every callback and its 3 retries to fail');
	// The Timeout passed while n8n was down, so n8n resumes the execution as it starts, beside its
	// start-up recovery, which marks an execution it finds running `crashed` (n8n 2.40.7) until the
	// resumed run ends and writes its own status. Wait For Task's reads answer 8 s late, so the run
	// is always still going when the recovery looks (before, a slow start made it so now and then),
	// and only the run's end is awaited (a crash that stays is a timeout naming the last status).
	await control('/faults', { path: '/api/v1/jobs/queryTask', delayMs: 8_000, count: 5 });
	await server.restart();
	const done = await runIn(server, executionId, ['success', 'error'], 180_000);
	expect(done.status).toBe('success');
	expect(itemsOf(done, 'Create Video').map((item) => item.json.outcome)).toEqual(
		Array(5).fill('timedOut'),
	);
	const results = itemsOf(done, 'Wait For Task');
	expect(results).toHaveLength(5);
	for (const item of results) {
		expect(item.json).toMatchObject({ status: 'COMPLETED' });
		expect(isMp4(storedBinary(item.binary.data))).toBe(true);
	}
	expect(await createsOf(prompts)).toHaveLength(5);
});

test("polling (Create Video's default), killed during the wait: every id was in n8n's log, and n8n's Retry sends no create", async () => {
	const prompts = promptsFor('polling');
	await control('/settings', { taskDurationMs: 30_000 });
	const workflow = await productionWorkflow(server, 'durable: polling', prompts, [createVideo({})]);
	const before = await taskIds();
	const executionId = await startAndCrash(workflow, prompts);
	const ids = await createdSince(before);
	expect(ids).toHaveLength(5);
	expectLoggedIds(prompts, ids);
	await server.restart();
	const crashed = await runIn(server, executionId, ['crashed', 'error'], 60_000);
	expect(crashed.status).toBe('crashed');
	const retried = await retryExecution(server, workflow.workflowId, executionId);
	expect(retried.mode).toBe('retry');
	expect(await createsOf(prompts)).toHaveLength(5);
	const skipped = itemsOf(retried, 'Create Video').map((item) => item.json);
	expect(skipped).toHaveLength(5);
	for (const item of skipped) {
		expect(item).toMatchObject({ skipped: true, taskCreated: 'no' });
		expect(item.skipReason).toMatch(new RegExp(`^n8n is retrying execution ${executionId},`));
	}
});

test("polling (Create Video's default), killed during the creates: n8n's Retry sends the 2 rows never sent and delivers their results, and sends none of the 3 sent (5 creates in all)", async () => {
	const prompts = promptsFor('during the creates');
	await control('/settings', { taskDurationMs: 2000 });
	// The third create is answered after the crash: the service creates its task, n8n never hears.
	await control('/faults', { path: CREATE, bodyIncludes: prompts[2], delayMs: 8000 });
	const workflow = await productionWorkflow(server, 'durable: during the creates', prompts, [
		createVideo({ batchOptions: { concurrency: 1 } }),
	]);
	const before = await taskIds();
	const executionId = await workflow.start();
	await until(
		async () => ((await createsOf(prompts)).length === 3 ? true : undefined),
		'the 3rd create',
	);
	await server.crash();
	await until(
		async () => ((await createdSince(before)).length === 3 ? true : undefined),
		'its task',
	);
	expect(server.log()).toMatch(
		new RegExp(`Create Video: sending a create \\(item 2, execution ${executionId}, `),
	);
	expectLoggedIds(prompts.slice(0, 2), (await createdSince(before)).slice(0, 2));
	await server.restart();
	await runIn(server, executionId, ['crashed', 'error'], 60_000);
	const retried = await retryExecution(server, workflow.workflowId, executionId);
	expect(await createsOf(prompts)).toHaveLength(5);
	const items = itemsOf(retried, 'Create Video');
	expect(items.map((item) => item.pairedItem)).toEqual(prompts.map((_, item) => ({ item })));
	for (const { json } of items.slice(0, 3)) {
		expect(json).toMatchObject({ skipped: true, taskCreated: 'no' });
		expect(json.skipReason).toMatch(new RegExp(`^n8n is retrying execution ${executionId},`));
	}
	for (const { json, binary } of items.slice(3)) {
		expect(json).toMatchObject({ status: 'COMPLETED' });
		expect(isMp4(storedBinary(binary.data))).toBe(true);
	}
});

test("a Stop during the wait: the created tasks' ids are in n8n's log", async () => {
	const prompts = promptsFor('stop');
	await control('/settings', { taskDurationMs: 30_000 });
	const workflow = await productionWorkflow(server, 'durable: stop', prompts, [createVideo({})]);
	const before = await taskIds();
	const executionId = await workflow.start();
	await until(
		async () => ((await createsOf(prompts)).length === 5 ? true : undefined),
		'the 5 creates',
	);
	const stop = await server.request('POST', `/rest/executions/${executionId}/stop`, {});
	expect(stop.status).toBe(200);
	await runIn(server, executionId, ['canceled', 'error', 'success'], 60_000);
	await until(async () => (loggedTaskIds(server.log()).length > 0 ? true : undefined), 'the log');
	expectLoggedIds(prompts, await createdSince(before));
});

const retrying = (executionId) => new RegExp(`^n8n is retrying execution ${executionId},`);
const EARLIER_RUN = /^An earlier run of this node \(or one running at the same time\)/;

function expectSkipped(json, reason) {
	expect(json).toMatchObject({ skipped: true, taskCreated: 'no' });
	expect(json.skipReason).toMatch(reason);
}

/** Of two executions' items, one created the row's task and the other skipped it, saying why. */
function expectSentOnce([a, b], row, reason) {
	const [sent, skipped] = a[row].skipped ? [b, a] : [a, b];
	expect(sent[row]).toMatchObject({ taskId: expect.any(String) });
	expectSkipped(skipped[row], reason);
}

const createJson = (run) => itemsOf(run, 'Create Video').map((item) => item.json);

/** Each delayed create reaches the service at once and is answered `delayMs` later. */
const holdCreates = (prompts, delayMs) =>
	control(
		'/faults',
		prompts.map((prompt) => ({ path: CREATE, bodyIncludes: prompt, delayMs })),
	);

/** Starts the workflow, kills n8n once `sent` creates reached the service, starts it again. */
async function crashDuringCreates(workflow, prompts, sent) {
	const executionId = await workflow.start();
	await until(
		async () => ((await createsOf(prompts)).length === sent ? true : undefined),
		`${sent} creates`,
	);
	await server.crash();
	await server.restart();
	await runIn(server, executionId, ['crashed'], 60_000);
	return executionId;
}

/** Waits until the service holds `count` tasks more than `before` (held creates end after the kill). */
const tasksCreated = (before, count) =>
	until(
		async () => ((await createdSince(before)).length >= count ? true : undefined),
		`${count} tasks`,
	);

test("Skip off: n8n's Retry of an execution that failed on a refused row sends that row alone, though an earlier execution sent it too", async () => {
	// Day 2 must end in error for n8n to allow its Retry. With one of several rows refused, Create
	// Video returns every item (the others' tasks exist) with a warning and the execution succeeds;
	// a later node that fails would not do either (n8n's Retry starts again at the failed node, so
	// Create Video would not run). So every task fails ("[fail]" in the prompts): with the refusal,
	// every item of day 2 failed and the node stops the workflow, its tasks named in the error.
	const prompts = promptsFor('refused on day 2 [fail]', 3);
	await control('/settings', { taskDurationMs: 300 });
	const workflow = await productionWorkflow(server, 'durable: retry of a refused row', prompts, [
		createVideo({ download: false, waitOptions: { pollIntervalSeconds: 0.2 } }),
	]);
	const day1 = await workflow.start();
	await runIn(server, day1, ['success', 'error'], 60_000);
	await control('/faults', { path: CREATE, bodyIncludes: prompts[1], status: 400 });
	const day2 = await workflow.start();
	expect((await runIn(server, day2, ['success', 'error'], 60_000)).status).toBe('error');
	expect(await createsPerRow(prompts)).toEqual([2, 1, 2]);
	const before = await taskIds();
	const retried = await retryRun(server, day2);
	// The Retry skips what day 2 sent, and does not skip row 1 for day 1 having sent it.
	expect(await createsPerRow(prompts)).toEqual([2, 2, 2]);
	const items = createJson(retried.run);
	expectSkipped(items[0], retrying(day2));
	expectSkipped(items[2], retrying(day2));
	expect(items[1]).toMatchObject({ taskId: (await createdSince(before))[0], taskCreated: 'yes' });
	expect(server.log()).toMatch(
		new RegExp(`Create Video: sending a create \\(item 1, execution ${retried.id}, `),
	);
});

test("killed during the creates at Parallel Submissions 4: n8n's Retry skips the 6 rows whose create reached the service and sends the 2 never sent, 1 create per row", async () => {
	const prompts = promptsFor('killed at 4 in parallel', 8);
	await control('/settings', { taskDurationMs: 2000 });
	// Rows 0-1 are answered at once; rows 2-5 (the 4 lanes then) are held past the kill, and the
	// service creates their tasks after it; rows 6-7 wait for a lane and never leave.
	await holdCreates(prompts.slice(2, 6), 8000);
	const workflow = await productionWorkflow(server, 'durable: killed at 4 in parallel', prompts, [
		createVideo({ waitForCompletion: 'none' }),
	]);
	const before = await taskIds();
	const executionId = await crashDuringCreates(workflow, prompts, 6);
	expect(server.log()).not.toMatch(
		new RegExp(`sending a create \\(item [67], execution ${executionId},`),
	);
	const retried = await retryRun(server, executionId);
	await tasksCreated(before, 8);
	expect(await createsPerRow(prompts)).toEqual(Array(8).fill(1));
	const items = createJson(retried.run);
	for (const json of items.slice(0, 6)) expectSkipped(json, retrying(executionId));
	for (const json of items.slice(6)) expect(json).toMatchObject({ taskId: expect.any(String) });
});

test('two Retries of one crashed execution, started 300 ms apart: each row is created once in all', async () => {
	const prompts = promptsFor('two retries');
	await control('/settings', { taskDurationMs: 2000 });
	// One lane: row 0 created, row 1 held past the kill, rows 2-4 never sent.
	await holdCreates([prompts[1]], 8000);
	const workflow = await productionWorkflow(server, 'durable: two retries', prompts, [
		createVideo({ waitForCompletion: 'none', batchOptions: { concurrency: 1 } }),
	]);
	const before = await taskIds();
	const executionId = await crashDuringCreates(workflow, prompts, 2);
	// Slow answers (1 s) keep the two Retries sending rows 2-4 side by side.
	await holdCreates(prompts.slice(2), 1000);
	const first = retryRun(server, executionId);
	await sleep(300);
	const retries = await Promise.all([first, retryRun(server, executionId)]);
	await tasksCreated(before, 5);
	expect(await createsPerRow(prompts)).toEqual(Array(5).fill(1));
	const items = retries.map(({ run }) => createJson(run));
	for (const json of items.flatMap((list) => list.slice(0, 2)))
		expectSkipped(json, retrying(executionId));
	for (const row of [2, 3, 4]) expectSentOnce(items, row, retrying(executionId));
});

test('Skip on with a Skip Key: a Retry of a crashed execution while a new run of the workflow is still sending: each row is created once in all', async () => {
	const prompts = promptsFor('retry beside a live run');
	await control('/settings', { taskDurationMs: 2000 });
	await holdCreates([prompts[1]], 8000);
	const workflow = await productionWorkflow(server, 'durable: retry beside a live run', prompts, [
		createVideo({
			waitForCompletion: 'none',
			batchOptions: { concurrency: 1, skipCreated: true, skipKey: '={{ $json.prompt }}' },
		}),
	]);
	const before = await taskIds();
	const crashed = await crashDuringCreates(workflow, prompts, 2);
	// The new run's creates take 3 s each on its one lane: it sends rows 2-4 for about 9 s.
	await holdCreates(prompts.slice(2), 3000);
	const live = await workflow.start();
	await until(
		async () => ((await createsOf(prompts)).length === 3 ? true : undefined),
		"the new run's first create",
	);
	const retried = await retryRun(server, crashed);
	const liveRun = await runIn(server, live, ['success', 'error'], 60_000);
	expect(Date.parse(retried.run.startedAt)).toBeLessThan(Date.parse(liveRun.stoppedAt));
	await tasksCreated(before, 5);
	expect(await createsPerRow(prompts)).toEqual(Array(5).fill(1));
	const [liveItems, retryItems] = [createJson(liveRun), createJson(retried.run)];
	for (const row of [0, 1]) {
		expectSkipped(liveItems[row], EARLIER_RUN);
		expectSkipped(retryItems[row], retrying(crashed));
	}
	for (const row of [2, 3, 4]) expectSentOnce([liveItems, retryItems], row, EARLIER_RUN);
});

test('Skip on, Skip Memory 8, a batch of 5 (more than half of it): the second run sends nothing, its ledger kept beside the memory', async () => {
	const prompts = promptsFor('skip memory of 8');
	const workflow = await productionWorkflow(server, 'durable: skip memory of 8', prompts, [
		createVideo({
			waitForCompletion: 'none',
			batchOptions: { skipCreated: true, skipMaxEntries: 8 },
		}),
	]);
	const runs = [];
	for (let run = 0; run < 2; run++)
		runs.push(await runIn(server, await workflow.start(), ['success', 'error'], 60_000));
	expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
	expect(await createsPerRow(prompts)).toEqual(Array(5).fill(1));
	for (const json of createJson(runs[1])) expectSkipped(json, EARLIER_RUN);
});
