// The Task Trigger in a real n8n server (`n8n start`): the trigger example is activated, and the
// emulator sends its real webhooks to n8n's production URL. A task created by the creator example
// starts exactly one execution of the trigger's workflow, with the task's verified state and its
// video; a delivery retried after a lost answer starts one execution; a call without the secret
// starts none. These are the examples the CLI runners skip (their `meta.serverOnly`).
import { emulatorClient } from '../../scripts/lib/emulator-process.mjs';
import { DEMO_OWNER, loadExamples, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow, readExecution } from '../../scripts/n8n/rest.mjs';
import { startN8n } from '../../scripts/n8n/run.mjs';
import {
	DEMO_KEY,
	USER_FOLDER,
	emulator,
	isMp4,
	itemsOf,
	sleep,
	storedBinary,
	until,
} from './context.mjs';

const examples = loadExamples().map((e) => e.workflow);
const TRIGGER = examples.find((w) => w.id === 'ugExTrigger0005');
const CREATOR = examples.find((w) => w.id === 'ugExTrigCrte006');
const CALLBACK_WAIT = examples.find((w) => w.id === 'ugExCallWait007');
const TRIGGER_NODE = TRIGGER.nodes.find((n) => n.type.endsWith('.taskTrigger'));
const SECRET = TRIGGER_NODE.parameters.secret;

const emu = emulator();
const { call, control } = emulatorClient(emu.url);
let server;
let session;
/** The trigger's production URL on this server (what a user copies from the node). */
let triggerUrl;

/** The trigger workflow's finished executions, newest first. */
async function triggerExecutions() {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: TRIGGER.id }));
	const answer = (await session.request('GET', `/rest/executions?filter=${filter}&limit=100`)).json
		?.data;
	return (answer?.results ?? answer ?? []).filter((e) => !['new', 'running'].includes(e.status));
}

const runOf = (executionId) => readExecution(session, executionId);

async function createTask(prompt, callBackUrl) {
	return call('/api/v1/jobs/createTask', {
		key: DEMO_KEY,
		json: { model: 'sd2-mini', inputs: { prompt, duration: '4s' }, callBackUrl },
	});
}

const webhookAttempts = (taskId) => control(`/webhooks?taskId=${taskId}`);

beforeAll(async () => {
	server = await startN8n({
		userFolder: USER_FOLDER,
		env: ownerEnv(DEMO_OWNER),
		timeoutMs: 5 * 60_000,
	});
	session = await login(server.baseUrl, DEMO_OWNER);
	await activateWorkflow(session, TRIGGER.id);
	triggerUrl = `${server.baseUrl}/webhook/${TRIGGER_NODE.webhookId}/task`;
}, 6 * 60_000);

afterAll(async () => {
	if (session) await session.request('POST', `/rest/workflows/${TRIGGER.id}/deactivate`, {});
	await server?.stop();
});

test(
	"the creator example's task starts the active trigger example once, with the verified task and its video",
	async () => {
		const before = (await triggerExecutions()).length;
		// The creator example, pointed at this server's port instead of the demo's 5678.
		const creator = structuredClone(CREATOR);
		const create = creator.nodes.find((n) => n.type.endsWith('.createVideo'));
		create.parameters.additionalOptions.callBackUrl = `${triggerUrl}?secret=${SECRET}`;
		const saved = await session.request('POST', '/rest/workflows', {
			name: `${creator.name} (e2e)`,
			nodes: creator.nodes,
			connections: creator.connections,
			settings: creator.settings,
		});
		expect(saved.status).toBe(200);
		const manual = creator.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
		const started = await session.request('POST', `/rest/workflows/${saved.json.data.id}/run`, {
			triggerToStartFrom: { name: manual.name },
		});
		expect(started.status).toBe(200);
		const creatorRun = await until(async () => {
			const run = await runOf(started.json.data.executionId);
			return ['new', 'running'].includes(run.status) ? undefined : run;
		}, 'the creator workflow');
		expect(creatorRun.status).toBe('success');
		const [{ json: created }] = itemsOf(creatorRun, 'Create Video');

		const executions = await until(async () => {
			const list = await triggerExecutions();
			return list.length > before ? list : undefined;
		}, 'the trigger execution');
		await sleep(1500); // a second execution would have started by now
		expect(await triggerExecutions()).toHaveLength(before + 1);
		const run = await runOf(executions[0].id);
		expect(run).toMatchObject({ status: 'success', mode: 'webhook' });
		const [item] = itemsOf(run, 'Task Finished Trigger');
		expect(item.json).toMatchObject({
			taskId: created.taskId,
			status: 'COMPLETED',
			taskType: 'generation',
			outcome: 'succeeded',
			verified: true,
		});
		expect(itemsOf(run, 'Use the finished task')).toHaveLength(1);
		const bytes = storedBinary(item.binary.data);
		expect(isMp4(bytes)).toBe(true);
		expect((await webhookAttempts(created.taskId)).map((a) => a.status)).toEqual([200]);
	},
	3 * 60_000,
);

test(
	"a delivery retried after a lost answer (the emulator's sink answers 500 first) starts exactly one execution",
	async () => {
		const before = (await triggerExecutions()).length;
		const sink = await control('/sinks', {
			target: `${triggerUrl}?secret=${SECRET}`,
			failFirst: 1,
		});
		const task = await createTask('retried delivery', `${emu.url}${sink.path}`);
		const attempts = await until(async () => {
			const list = await webhookAttempts(task.taskId);
			return list.length >= 2 ? list : undefined;
		}, 'the retried delivery');
		expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, 500],
			[2, 200],
		]);
		const forwarded = (await control(`/sinks/${sink.id}`)).calls.map((c) => c.forwardedStatus);
		expect(forwarded).toEqual([200, 200]);
		await until(
			async () => ((await triggerExecutions()).length > before ? true : undefined),
			'the trigger execution',
		);
		await sleep(1500);
		const executions = await triggerExecutions();
		expect(executions).toHaveLength(before + 1);
		const [item] = itemsOf(await runOf(executions[0].id), 'Task Finished Trigger');
		expect(item.json.taskId).toBe(task.taskId);
	},
	2 * 60_000,
);

test('a call without the secret is answered 401 and a wrong one 403; neither starts an execution', async () => {
	const before = (await triggerExecutions()).length;
	const body = JSON.stringify({
		taskId: 'task_forged',
		status: 'COMPLETED',
		model: 'sd2',
		output: [],
	});
	const post = (url) =>
		fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
	const missing = await post(triggerUrl);
	const wrong = await post(`${triggerUrl}?secret=guess`);
	expect(missing.status).toBe(401);
	expect(wrong.status).toBe(403);
	expect(await missing.json()).toEqual({ message: 'The URL has no ?secret=; nothing was started' });
	await sleep(1000);
	expect(await triggerExecutions()).toHaveLength(before);
});

/** Saves a copy of an example as a new workflow and runs it as "Execute workflow" does; the execution's id. */
async function runCopy(example) {
	const saved = await session.request('POST', '/rest/workflows', {
		name: `${example.name} (e2e)`,
		nodes: example.nodes,
		connections: example.connections,
		settings: example.settings,
	});
	expect(saved.status).toBe(200);
	const manual = example.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	const started = await session.request('POST', `/rest/workflows/${saved.json.data.id}/run`, {
		triggerToStartFrom: { name: manual.name },
	});
	expect(started.status).toBe(200);
	return { workflowId: saved.json.data.id, executionId: started.json.data.executionId };
}

test(
	"the callback-wait example's execution is listed as waiting, makes no status request, and succeeds when the emulator calls back",
	async () => {
		const settings = await control('/settings');
		// Tasks long enough to see the execution waiting before the callback.
		await control('/settings', { taskDurationMs: 8000 });
		try {
			const { workflowId, executionId } = await runCopy(CALLBACK_WAIT);
			const waiting = await until(async () => {
				const run = await runOf(executionId);
				return run.status === 'waiting' ? run : undefined;
			}, 'the waiting execution');
			const [{ json: created }] = itemsOf(waiting, 'Create Video');
			const filter = encodeURIComponent(JSON.stringify({ workflowId, status: ['waiting'] }));
			const listed = (await session.request('GET', `/rest/executions?filter=${filter}`)).json.data;
			expect((listed.results ?? listed).map((e) => String(e.id))).toContain(String(executionId));
			const [task] = (await emu.requests('/api/v1/jobs/createTask'))
				.filter((r) => r.body?.inputs?.prompt === CALLBACK_WAIT.nodes[1].parameters.prompt)
				.slice(-1);
			expect(task.body.callBackUrl).toMatch(
				new RegExp(`/webhook-waiting/${executionId}\\?signature=`),
			);
			const queries = async () =>
				(await emu.requests('/api/v1/jobs/queryTask')).filter(
					(r) => r.query?.taskId === created.taskId,
				);
			expect(await queries()).toHaveLength(0);

			const done = await until(async () => {
				const run = await runOf(executionId);
				return ['success', 'error', 'crashed'].includes(run.status) ? run : undefined;
			}, 'the resumed execution');
			expect(done.status).toBe('success');
			const [item] = itemsOf(done, 'Use the finished video');
			expect(item.json).toMatchObject({
				taskId: created.taskId,
				status: 'COMPLETED',
				outcome: 'succeeded',
			});
			expect(isMp4(storedBinary(item.binary.data))).toBe(true);
			const [callback] = await webhookAttempts(created.taskId);
			expect(callback.status).toBe(200);
			// One status request, the verification of the callback, made after the task finished.
			const reads = await queries();
			expect(reads).toHaveLength(1);
			expect(reads[0].time).toBeGreaterThanOrEqual(item.json.completeTime);
		} finally {
			await control('/settings', { taskDurationMs: settings.taskDurationMs });
		}
	},
	3 * 60_000,
);

test(
	'at its time limit a callback-waiting execution is resumed by n8n with the task id and outcome timedOut, with no status request',
	async () => {
		const settings = await control('/settings');
		// A task far longer than the wait: no callback comes in time.
		await control('/settings', { taskDurationMs: 10 * 60_000 });
		try {
			const example = structuredClone(CALLBACK_WAIT);
			Object.assign(example.nodes[1].parameters, { download: false, callbackTimeoutMinutes: 0.05 });
			const { executionId } = await runCopy(example);
			const waiting = await until(async () => {
				const run = await runOf(executionId);
				return run.status === 'waiting' ? run : undefined;
			}, 'the waiting execution');
			const [{ json: created }] = itemsOf(waiting, 'Create Video');
			// n8n's wait tracker looks for due executions once a minute.
			const done = await until(
				async () => {
					const run = await runOf(executionId);
					return ['success', 'error', 'crashed'].includes(run.status) ? run : undefined;
				},
				'the resumed execution',
				150_000,
			);
			expect(done.status).toBe('success');
			const [item] = itemsOf(done, 'Use the finished video');
			expect(item.json).toEqual({
				...created,
				outcome: 'timedOut',
				error:
					'No callback came within 0.05 minutes: the task may still be running; read it by its taskId with Wait For Task',
			});
			expect(
				(await emu.requests('/api/v1/jobs/queryTask')).filter(
					(r) => r.query?.taskId === created.taskId,
				),
			).toHaveLength(0);
		} finally {
			await control('/settings', { taskDurationMs: settings.taskDurationMs });
		}
	},
	4 * 60_000,
);
