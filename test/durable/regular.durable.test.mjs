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
import { emulatorClient } from '../../scripts/lib/emulator-process.mjs';
import { emulator, isMp4, itemsOf, storedBinary } from '../e2e/context.mjs';
import {
	executions,
	loggedTaskIds,
	n8nServer,
	productionWorkflow,
	readRun,
	runIn,
	sleep,
	until,
} from './crash.mjs';

const emu = emulator();
const { control } = emulatorClient(emu.url);
const PROMPTS = [
	'a fox in snow',
	'a kite at dusk',
	'a wave at noon',
	'a lamp in fog',
	'a ship at night',
];
const CREDENTIALS = {
	unifiedGenerationApi: { id: 'ugEmuUnified0001', name: 'Unified Generation API (emulator)' },
};
const CREATE = '/api/v1/jobs/createTask';

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

const createVideo = (parameters, typeVersion = 2) => ({
	name: 'Create Video',
	type: 'n8n-nodes-unified-generation.createVideo',
	typeVersion,
	webhookId: crypto.randomUUID(),
	credentials: CREDENTIALS,
	parameters: {
		model: 'sd2-mini',
		generationMode: 'textToVideo',
		prompt: '={{ $json.prompt }}',
		duration: 4,
		...parameters,
	},
});
const waitForTask = {
	name: 'Wait For Task',
	type: 'n8n-nodes-unified-generation.waitForTask',
	typeVersion: 1,
	credentials: CREDENTIALS,
	parameters: {
		operation: 'wait',
		download: true,
		waitOptions: { pollIntervalSeconds: 1, maxPollIntervalSeconds: 2, timeoutMinutes: 5 },
	},
};

/** The creates this workflow's prompts sent (each prompt is unique to this file). */
async function createsOf(prompts) {
	const log = await emu.requests(CREATE);
	return log.filter((entry) => prompts.includes(entry.body?.inputs?.prompt));
}

const tagged = (prompts, tag) => prompts.map((prompt) => `${prompt} (${tag})`);

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

function expectLoggedIds(prompts, ids) {
	const logged = loggedTaskIds(server.log()).filter(({ id }) => ids.includes(id));
	expect(logged.map(({ id }) => id).sort()).toEqual([...ids].sort());
	expect(logged.map(({ item }) => item).sort()).toEqual(prompts.map((_, item) => item));
}

/** The ids of the generation tasks the emulator holds (the service's own truth, not n8n's). */
const taskIds = async () => (await control('/tasks')).map((task) => task.taskId);

/** The tasks created since `before` (a list of ids): the tests run one at a time. */
const createdSince = async (before) => (await taskIds()).filter((id) => !before.includes(id));

/** README's production recipe: Create Video waiting by callback, then Wait For Task downloading. */
const recipe = (timeoutMinutes) => [
	createVideo({
		waitForCompletion: 'callback',
		download: false,
		callbackTimeoutMinutes: timeoutMinutes,
	}),
	waitForTask,
];

test('the production recipe, n8n killed while the batch waits and back before the tasks end: the execution resumes with all 5 results, 5 creates', async () => {
	const prompts = tagged(PROMPTS, 'callback, back in time');
	await control('/settings', { taskDurationMs: 30_000 });
	const workflow = await productionWorkflow(
		server,
		'durable: recipe, back in time',
		prompts,
		recipe(10),
	);
	const executionId = await startAndCrash(workflow, prompts, 'waiting');
	await server.restart();
	const done = await runIn(server, executionId, ['success', 'error', 'crashed'], 120_000);
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
	const prompts = tagged(PROMPTS, 'callback, down too long');
	await control('/settings', { taskDurationMs: 3000, webhookRetryDelaysMs: [100, 200, 300] });
	const workflow = await productionWorkflow(
		server,
		'durable: recipe, down too long',
		prompts,
		recipe(0.25),
	);
	const before = await taskIds();
	const executionId = await startAndCrash(workflow, prompts, 'waiting');
	// Every task ends and the service gives up calling back while n8n is down.
	await until(async () => {
		const created = await createdSince(before);
		const attempts = await Promise.all(created.map((id) => control(`/webhooks?taskId=${id}`)));
		return attempts.every((list) => list.length === 4) ? true : undefined;
	}, 'every callback and its 3 retries to fail');
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
	const prompts = tagged(PROMPTS, 'polling');
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
	const retry = await server.request('POST', `/rest/executions/${executionId}/retry`, {
		loadWorkflow: false,
	});
	expect(retry.status).toBe(200);
	const retried = await until(async () => {
		const list = await executions(server, workflow.workflowId);
		const run = list.find(
			(e) => String(e.retryOf) === executionId && !['new', 'running'].includes(e.status),
		);
		return run ? await readRun(server, String(run.id)) : undefined;
	}, 'the retry');
	expect(retried.mode).toBe('retry');
	expect(await createsOf(prompts)).toHaveLength(5);
	const skipped = itemsOf(retried, 'Create Video').map((item) => item.json);
	expect(skipped).toHaveLength(5);
	for (const item of skipped) {
		expect(item).toMatchObject({ skipped: true, taskCreated: 'no' });
		expect(item.skipReason).toMatch(/^n8n is retrying an execution/);
	}
});

test("a Stop during the wait: the created tasks' ids are in n8n's log", async () => {
	const prompts = tagged(PROMPTS, 'stop');
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
