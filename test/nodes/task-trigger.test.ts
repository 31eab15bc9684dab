import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import type { RunningEmulator } from '../emulator';
import { makeVideo } from '../emulator/media/index';
import {
	call,
	control,
	logged,
	startFast,
	submit,
	upload,
	waitFor,
	waitTask,
} from '../emulator/test-helpers';
import type { WorkflowJson } from '../harness';
import { callWebhook, callWebhookMethod } from '../harness/webhook';
import { serveWebhook } from '../harness/webhook-server';
import type { WebhookServer } from '../harness/webhook-server';
import { emulatorCredentials } from '../helpers/nodes';
import { PACKAGE, UNIFIED_CREDENTIAL } from '../helpers/workflow';

const SECRET = 'correct-horse-battery-staple';
const QUERY_TASK = '/api/v1/jobs/queryTask';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());

let nodes = 0;
/** A workflow with one Task Trigger; each has its own node id, so deliveries remembered by one never hide another's. */
function triggerWorkflow(parameters: Record<string, unknown> = {}, typeVersion = 1): WorkflowJson {
	const node = {
		id: `trigger-${++nodes}`,
		name: 'Task Trigger',
		type: `${PACKAGE}.taskTrigger`,
		typeVersion,
		position: [0, 0],
		parameters: { secret: SECRET, ...parameters },
		credentials: UNIFIED_CREDENTIAL,
	};
	return { name: 'Trigger', nodes: [node], connections: {}, settings: { executionOrder: 'v1' } };
}

const options = () => ({ credentials: emulatorCredentials(emu) });
const withSecret = (server: WebhookServer, secret = SECRET) =>
	`${server.url}?secret=${encodeURIComponent(secret)}`;
const t2v = (prompt: string, callBackUrl?: string) => ({
	model: 'sd2-mini',
	inputs: { prompt, duration: '4s' },
	...(callBackUrl ? { callBackUrl } : {}),
});
/** The emulator's log of status requests for one task. */
const queries = async (taskId: string) =>
	(await logged(emu, QUERY_TASK)).filter((entry) => entry.query?.taskId === taskId);
const deliveries = (server: WebhookServer, count: number) =>
	waitFor(
		async () => (server.deliveries.length >= count ? server.deliveries : undefined),
		`${count} deliveries`,
	);

async function withServer(
	parameters: Record<string, unknown>,
	test: (server: WebhookServer) => Promise<void>,
) {
	const server = await serveWebhook(triggerWorkflow(parameters), 'Task Trigger', options());
	try {
		await test(server);
	} finally {
		await server.close();
	}
}

describe('Task Trigger', () => {
	test('a finished generation task starts one execution with the state the API confirms', async () => {
		await withServer({}, async (server) => {
			const task = await submit(emu, t2v('sunrise', withSecret(server)));
			const [delivery] = await deliveries(server, 1);
			expect(delivery).toMatchObject({ status: 200, sentStatus: 200, answeredEarly: true });
			expect(await queries(task.taskId)).toHaveLength(1);
			const truth = (await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${task.taskId}`)).body;
			expect(delivery.workflowData).toEqual([
				[{ json: { ...truth, taskType: 'generation', outcome: 'succeeded', verified: true } }],
			]);
			expect(truth).toMatchObject({
				taskId: task.taskId,
				status: 'COMPLETED',
				output: [expect.objectContaining({ url: expect.any(String) })],
			});
		});
	});

	test('version 2 (a new trigger) gives the times as ISO strings, as the Create nodes do', async () => {
		const task = await submit(emu, t2v('iso times'));
		const body = await waitTask(emu, task.taskId);
		const delivered = await callWebhook(
			triggerWorkflow({}, 2),
			'Task Trigger',
			{ body, query: { secret: SECRET } },
			options(),
		);
		const [[{ json }]] = delivered.workflowData!;
		expect(json).toMatchObject({
			taskId: task.taskId,
			status: 'COMPLETED',
			createdAt: new Date(body.createTime as number).toISOString(),
			completedAt: new Date(body.completeTime as number).toISOString(),
		});
		expect(json).not.toHaveProperty('createTime');
		expect(json).not.toHaveProperty('completeTime');
	});

	test('a call without the secret is answered 401, a wrong secret 403, and neither starts anything or reads the task', async () => {
		const task = await submit(emu, t2v('no secret'));
		const body = await waitTask(emu, task.taskId);
		const before = (await queries(task.taskId)).length;
		const missing = await callWebhook(triggerWorkflow(), 'Task Trigger', { body }, options());
		const wrong = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body, query: { secret: 'guess' } },
			options(),
		);
		expect(missing).toMatchObject({ status: 401, workflowData: undefined });
		expect(missing.answer).toEqual({ message: 'The URL has no ?secret=; nothing was started' });
		expect(wrong).toMatchObject({ status: 403, workflowData: undefined });
		expect((await queries(task.taskId)).length).toBe(before);
	});

	test('a URL with the secret twice (?secret=…&secret=…) is refused as ambiguous, saying the secret is repeated', async () => {
		const task = await submit(emu, t2v('twice'));
		const body = await waitTask(emu, task.taskId);
		const before = (await queries(task.taskId)).length;
		const twice = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body, query: { secret: [SECRET, 'guess'] } },
			options(),
		);
		expect(twice).toMatchObject({ status: 400, workflowData: undefined });
		expect(twice.answer).toEqual({
			message: 'The URL has ?secret= more than once: give it once; nothing was started',
		});
		expect((await queries(task.taskId)).length).toBe(before);
	});

	test('a body that is not a task is answered 400 and starts nothing', async () => {
		const result = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body: { hello: 1 }, query: { secret: SECRET } },
			options(),
		);
		expect(result).toMatchObject({
			status: 400,
			workflowData: undefined,
			answer: { message: 'The body has no taskId; nothing was started' },
		});
	});

	test("a delivery retried after a lost answer (the emulator's sink answers 500 first) starts exactly one execution", async () => {
		await withServer({}, async (server) => {
			const sink = (await control(emu, '/sinks', { target: withSecret(server), failFirst: 1 }))
				.body;
			const task = await submit(emu, t2v('retried', `${emu.url}${sink.path}`));
			await deliveries(server, 2);
			// The emulator logs an attempt once the sink has answered it, which may be after the trigger returned.
			const attempts = await waitFor(async () => {
				const logged = (await control(emu, `/webhooks?taskId=${task.taskId}`)).body as Array<{
					attempt: number;
					status: number;
				}>;
				return logged.length >= 2 ? logged : undefined;
			}, 'two delivery attempts');
			expect(attempts.map(({ attempt, status }) => [attempt, status])).toEqual([
				[1, 500],
				[2, 200],
			]);
			expect(server.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
			expect(server.started()).toHaveLength(1);
			expect(server.started()[0]?.[0][0].json).toMatchObject({
				taskId: task.taskId,
				status: 'COMPLETED',
			});
		});
	});

	test('the same task and status posted again starts nothing until the trigger is deactivated', async () => {
		const real = await waitTask(emu, (await submit(emu, t2v('twice'))).taskId);
		const workflow = triggerWorkflow();
		const post = () =>
			callWebhook(workflow, 'Task Trigger', { body: real, query: { secret: SECRET } }, options());
		expect((await post()).workflowData).toHaveLength(1);
		expect(await post()).toMatchObject({ status: 200, workflowData: undefined });
		expect(await callWebhookMethod(workflow, 'Task Trigger', 'delete', options())).toBe(true);
		expect((await post()).workflowData).toHaveLength(1);
	});

	test("Verify With API emits the service's state, not a forged body; an unknown task starts nothing", async () => {
		const task = await submit(emu, t2v('forged'));
		const real = await waitTask(emu, task.taskId);
		const forged = {
			...real,
			creditsUsed: 0,
			output: [{ url: 'https://attacker.example/x.mp4', width: 1, height: 1 }],
		};
		const verified = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body: forged, query: { secret: SECRET } },
			options(),
		);
		expect(verified.workflowData?.[0][0].json).toMatchObject({
			creditsUsed: real.creditsUsed,
			output: real.output,
			verified: true,
		});
		const unknown = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body: { ...real, taskId: 'task_unknown' }, query: { secret: SECRET } },
			options(),
		);
		expect(unknown).toMatchObject({ status: 200, workflowData: undefined });
	});

	test('a posted COMPLETED that the service still says is running, read again for about 15 s, starts nothing', async () => {
		const slow = await startFast({ taskDurationMs: 60_000 });
		try {
			const task = await submit(slow, t2v('not yet'));
			const forged = {
				taskId: task.taskId,
				orderId: task.orderId,
				model: 'sd2-mini',
				status: 'COMPLETED',
				output: [],
			};
			const result = await callWebhook(
				triggerWorkflow(),
				'Task Trigger',
				{ body: forged, query: { secret: SECRET } },
				{ credentials: emulatorCredentials(slow) },
			);
			expect(result).toMatchObject({ status: 200, workflowData: undefined });
			// The first read and four re-reads (1, 2, 4, 8 s apart).
			expect((await logged(slow, QUERY_TASK)).map((entry) => entry.query.taskId)).toEqual(
				Array(5).fill(task.taskId),
			);
		} finally {
			await slow.close();
		}
	}, 30_000);

	test('the race: a callback that comes while the task still reads running starts the execution once the task reads finished', async () => {
		const task = await submit(emu, t2v('just done'));
		const done = await waitTask(emu, task.taskId);
		// The first read finds the task PROCESSING, as when a callback comes just before the record says it finished.
		await control(emu, '/faults', {
			path: QUERY_TASK,
			status: 200,
			body: { ...done, status: 'PROCESSING', output: null },
			count: 1,
		});
		const result = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body: done, query: { secret: SECRET } },
			options(),
		);
		expect(result.status).toBe(200);
		expect(result.workflowData?.[0]?.[0]?.json).toMatchObject({
			taskId: task.taskId,
			status: 'COMPLETED',
			outcome: 'succeeded',
			verified: true,
		});
	});

	test('with Verify With API off the posted body is emitted as is, without reading the task', async () => {
		const task = await submit(emu, t2v('trusted'));
		const real = await waitTask(emu, task.taskId);
		const before = (await queries(task.taskId)).length;
		const result = await callWebhook(
			triggerWorkflow({ verifyWithApi: false }),
			'Task Trigger',
			{ body: real, query: { secret: SECRET } },
			options(),
		);
		expect(result.workflowData).toEqual([
			[{ json: { ...real, taskType: 'generation', outcome: 'succeeded', verified: false } }],
		]);
		expect((await queries(task.taskId)).length).toBe(before);
	});

	test('a verification that fails after the retries keeps the event, marked unverified', async () => {
		const task = await submit(emu, t2v('outage'));
		const real = await waitTask(emu, task.taskId);
		await control(emu, '/faults', { path: QUERY_TASK, count: 4, status: 503 });
		const result = await callWebhook(
			triggerWorkflow(),
			'Task Trigger',
			{ body: real, query: { secret: SECRET } },
			options(),
		);
		const [[item]] = result.workflowData!;
		expect(item.json).toMatchObject({ taskId: task.taskId, status: 'COMPLETED', verified: false });
		expect(item.json.verificationError).toContain(
			`Could not verify task ${task.taskId} with the API`,
		);
	}, 30_000);

	test('filters: events, task types and models decide which tasks start the workflow', async () => {
		const good = await waitTask(emu, (await submit(emu, t2v('good'))).taskId);
		const bad = await waitTask(emu, (await submit(emu, t2v('please [fail]'))).taskId);
		const post = (parameters: Record<string, unknown>, body: unknown) =>
			callWebhook(
				triggerWorkflow(parameters),
				'Task Trigger',
				{ body, query: { secret: SECRET } },
				options(),
			);
		expect((await post({ events: ['succeeded'] }, bad)).workflowData).toBeUndefined();
		const failed = await post({ events: ['failed'] }, bad);
		expect(failed.workflowData?.[0][0].json).toMatchObject({
			taskId: bad.taskId,
			status: 'FAILED',
			outcome: 'failed',
			error: bad.error,
		});
		expect((await post({ events: ['failed'] }, good)).workflowData).toBeUndefined();
		expect((await post({ taskTypes: ['upscale'] }, good)).workflowData).toBeUndefined();
		expect((await post({ models: ['sd2'] }, good)).workflowData).toBeUndefined();
		expect(
			(await post({ models: ['sd2', 'sd2-mini'] }, good)).workflowData?.[0][0].json.model,
		).toBe('sd2-mini');
	});

	test('a standalone upscale task (the upscale shape) starts the workflow with its result file downloaded', async () => {
		await withServer({ download: true }, async (server) => {
			const source = (
				await upload(emu, makeVideo('mp4', { width: 640, height: 360, seconds: 5 }), 'clip.mp4')
			).body.url;
			const created = await call(`${emu.unifiedBaseUrl}/upscale/create`, {
				json: {
					source: { type: 'url', url: source },
					targetResolution: '1080p',
					callBackUrl: withSecret(server),
				},
			});
			const [delivery] = await deliveries(server, 1);
			const [[item]] = delivery.workflowData!;
			expect(item.json).toMatchObject({
				taskId: created.body.taskId,
				taskType: 'upscale',
				status: 'completed',
				outcome: 'succeeded',
				verified: true,
			});
			expect(item.binary?.data).toMatchObject({ mimeType: 'video/mp4' });
			const file = await Container.get(BinaryDataService).getAsBuffer(item.binary!.data);
			const served = Buffer.from(
				await (
					await fetch(item.json.result ? (item.json.result as { url: string }).url : '')
				).arrayBuffer(),
			);
			expect(file.equals(served)).toBe(true);
		});
	});
});
