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
import { isMp4, itemsOf, storedBinary } from '../e2e/context.mjs';

const CREATE = '/api/v1/jobs/createTask';
import {
	loggedTaskIds,
	n8nServer,
	productionWorkflow,
	retryExecution,
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
	await server.restart();
	const done = await runIn(server, executionId, ['success', 'error', 'crashed'], 180_000);
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
		expect(item.skipReason).toMatch(/^n8n is retrying an execution/);
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
	expect(server.log()).toMatch(/Create Video: sending a create \(item 2\)/);
	expectLoggedIds(prompts.slice(0, 2), (await createdSince(before)).slice(0, 2));
	await server.restart();
	await runIn(server, executionId, ['crashed', 'error'], 60_000);
	const retried = await retryExecution(server, workflow.workflowId, executionId);
	expect(await createsOf(prompts)).toHaveLength(5);
	const items = itemsOf(retried, 'Create Video');
	expect(items.map((item) => item.pairedItem)).toEqual(prompts.map((_, item) => ({ item })));
	for (const { json } of items.slice(0, 3)) {
		expect(json).toMatchObject({ skipped: true, taskCreated: 'no' });
		expect(json.skipReason).toMatch(/^n8n is retrying an execution/);
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
