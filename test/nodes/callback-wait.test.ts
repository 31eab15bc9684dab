import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { RunningEmulator } from '../emulator';
import {
	call,
	control,
	logged,
	startFast,
	submit,
	waitFor,
	waitTask,
} from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import type { WorkflowJson } from '../harness';
import {
	resumeByCallback,
	resumeByTimeout,
	runUntilWaiting,
	serveResume,
} from '../harness/waiting';
import type { ResumeServer, WaitingExecution } from '../harness/waiting';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';
import { DEFAULT_CALLBACK_TIMEOUT_MINUTES } from '../../nodes/shared/callback/wait-mode';
import { completionProperties } from '../../nodes/settings/completion';
import { REREAD_DELAYS_MS } from '../../nodes/shared/callback/reread';

const QUERY_TASK = '/api/v1/jobs/queryTask';
const CREATE_TASK = '/api/v1/jobs/createTask';

let emu: RunningEmulator;
let server: ResumeServer;
const options = () => ({
	credentials: emulatorCredentials(emu),
	waitingBaseUrl: server.waitingBaseUrl,
});

/** Manual Trigger → Create Video (callback mode) → After (a No Op that shows what the workflow continued with). */
function workflow(parameters: Record<string, unknown> = {}, extra = {}) {
	const video = {
		model: 'sd2-mini',
		generationMode: 'textToVideo',
		prompt: 'a lighthouse at dusk',
		duration: 4,
		waitForCompletion: 'callback',
		...parameters,
	};
	return chainWorkflow([
		packageNode('Create Video', 'createVideo', video, extra),
		{ name: 'After', type: 'n8n-nodes-base.noOp', parameters: {} },
	]);
}

beforeAll(async () => {
	emu = await startFast();
	// Resume URLs that lead somewhere real, so the emulator's callbacks never reach another process.
	server = await serveResume(workflow(), { credentials: emulatorCredentials(emu) });
});
afterAll(async () => {
	await server.close();
	await emu.close();
});

const queries = async (taskId: string) =>
	(await logged(emu, QUERY_TASK)).filter((entry) => entry.query?.taskId === taskId);
const creates = async () => (await logged(emu, CREATE_TASK)).length;
const taskIdOf = (waiting: WaitingExecution) =>
	String(waiting.result.json('Create Video')[0].taskId);

describe('Create Video: Wait for Completion = Until the Service Calls Back', () => {
	test("the task is created with the execution's resume URL as callBackUrl, and the execution waits without a status request", async () => {
		const started = Date.now();
		const waiting = await runUntilWaiting(workflow({ callbackTimeoutMinutes: 5 }), options());
		expect(waiting.result.status).toBe('waiting');
		expect(waiting.waitTill!.getTime()).toBeGreaterThanOrEqual(started + 5 * 60_000);
		expect(waiting.waitTill!.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
		const [created] = waiting.result.json('Create Video');
		expect(created).toMatchObject({
			taskId: expect.any(String),
			orderId: expect.any(String),
			estimatedCredits: 80,
		});
		expect(() => waiting.result.output('After')).toThrow(/did not run/);
		const [request] = (await logged(emu, CREATE_TASK))
			.filter(
				(entry) =>
					(entry.body as { inputs?: { prompt?: string } })?.inputs?.prompt ===
					'a lighthouse at dusk',
			)
			.slice(-1);
		const { resumeToken } = JSON.parse(waiting.saved) as { resumeToken: string };
		expect(resumeToken).toMatch(/^[0-9a-f]{64}$/);
		expect(request.body).toMatchObject({
			model: 'sd2-mini',
			callBackUrl: `${server.waitingBaseUrl}/${waiting.executionId}?signature=${resumeToken}`,
		});
		// The task finishes and its callback is attempted; the execution made no status request meanwhile.
		await waitFor(
			async () =>
				(await control(emu, `/webhooks?taskId=${taskIdOf(waiting)}`)).body.length > 0
					? true
					: undefined,
			'the callback',
		);
		expect(await queries(taskIdOf(waiting))).toHaveLength(0);
	});

	test("the service's callback resumes the example execution with the verified final state and the file", async () => {
		const json = JSON.parse(
			readFileSync(join(__dirname, '..', '..', 'examples', 'callback-wait.json'), 'utf8'),
		) as WorkflowJson;
		const resumeServer = await serveResume(json, options());
		try {
			const waiting = await runUntilWaiting(json, {
				...options(),
				waitingBaseUrl: resumeServer.waitingBaseUrl,
			});
			resumeServer.register(waiting);
			const resumedCall = await waitFor(
				async () => resumeServer.calls.find((entry) => entry.resumed),
				'the resuming callback',
			);
			expect(resumedCall.sentStatus).toBe(200);
			const run = resumedCall.resumed!.result;
			expect(run.status).toBe('success');
			const truth = (await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${taskIdOf(waiting)}`))
				.body;
			const [done] = run.json('Use the finished video');
			expect(done).toEqual({ ...truth, estimatedCredits: 80, outcome: 'succeeded' });
			expect(truth).toMatchObject({ status: 'COMPLETED', creditsUsed: 80 });
			const file = await run.binary('Use the finished video');
			expect(file.mimeType).toBe('video/mp4');
			// One read: the verification (the test's own read above is the second).
			expect(await queries(taskIdOf(waiting))).toHaveLength(2);
		} finally {
			await resumeServer.close();
		}
	});

	test("a POST that is not this execution's task does not resume it and reads nothing", async () => {
		const waiting = await runUntilWaiting(workflow(), options());
		const other = await submit(emu, {
			model: 'sd2-mini',
			inputs: { prompt: 'another task', duration: '4s' },
		});
		const otherBody = await waitTask(emu, other.taskId);
		const before = (await queries(other.taskId)).length;
		const wrong = await resumeByCallback(workflow(), waiting, { body: otherBody }, options());
		expect(wrong.resumed).toBeUndefined();
		expect(wrong.webhook).toMatchObject({
			status: 400,
			answer: {
				message: `Task ${other.taskId} is not a task this execution waits for; the execution keeps waiting`,
			},
		});
		const junk = await resumeByCallback(workflow(), waiting, { body: { hello: 1 } }, options());
		expect(junk.webhook).toMatchObject({ status: 400, workflowData: undefined });
		expect(await queries(taskIdOf(waiting))).toHaveLength(0);
		expect((await queries(other.taskId)).length).toBe(before);
	});

	test("the posted body is not trusted: a failed task resumes with outcome failed and the service's reason, whatever the body claimed", async () => {
		const waiting = await runUntilWaiting(workflow({ prompt: 'doomed [fail]' }), options());
		const truth = await waitTask(emu, taskIdOf(waiting));
		const before = (await queries(taskIdOf(waiting))).length;
		const forged = {
			...truth,
			status: 'COMPLETED',
			output: [{ url: 'https://example.com/forged.mp4' }],
		};
		const { webhook, resumed } = await resumeByCallback(
			workflow(),
			waiting,
			{ body: forged },
			options(),
		);
		expect(webhook.status).toBe(200);
		expect(resumed!.result.status).toBe('success');
		expect(resumed!.result.json('After')[0]).toMatchObject({
			taskId: taskIdOf(waiting),
			status: 'FAILED',
			outcome: 'failed',
			error: truth.error,
		});
		expect(await queries(taskIdOf(waiting))).toHaveLength(before + 1);
	});

	test("a real task's callback with a made-up result URL: the output holds the service's URL, never the posted one", async () => {
		const waiting = await runUntilWaiting(workflow(), options());
		const truth = await waitTask(emu, taskIdOf(waiting));
		const forged = { ...truth, output: [{ url: 'https://example.com/forged.mp4' }] };
		const { resumed } = await resumeByCallback(workflow(), waiting, { body: forged }, options());
		const [item] = resumed!.result.json('After');
		expect(item).toMatchObject({ taskId: taskIdOf(waiting), outcome: 'succeeded' });
		expect(item.output).toEqual(truth.output);
		expect(JSON.stringify(resumed!.result.json('After'))).not.toContain('forged');
	});

	test('a callback while the service says the task still runs is read again for a few seconds, then answered 503 with Retry-After; the execution keeps waiting', async () => {
		const slow = await startFast({ taskDurationMs: 60_000 });
		try {
			const slowOptions = { ...options(), credentials: emulatorCredentials(slow) };
			const waiting = await runUntilWaiting(workflow(), slowOptions);
			const early = { taskId: taskIdOf(waiting), status: 'COMPLETED' };
			const result = await resumeByCallback(workflow(), waiting, { body: early }, slowOptions);
			expect(result.resumed).toBeUndefined();
			expect(result.webhook).toMatchObject({
				status: 503,
				headers: { 'retry-after': '5' },
				answer: {
					message: `Task ${taskIdOf(waiting)} is still running; the execution keeps waiting for the service to call again`,
				},
			});
			const reads = (await logged(slow, QUERY_TASK)).filter(
				(entry) => entry.query?.taskId === taskIdOf(waiting),
			);
			expect(reads).toHaveLength(1 + REREAD_DELAYS_MS.length);
			// A caller that hung up is not read for again: nobody would get the answer.
			const gone = await resumeByCallback(
				workflow(),
				waiting,
				{ body: early, socket: { destroyed: true } },
				slowOptions,
			);
			expect(gone.webhook.status).toBe(503);
			expect(
				(await logged(slow, QUERY_TASK)).filter(
					(entry) => entry.query?.taskId === taskIdOf(waiting),
				),
			).toHaveLength(reads.length + 1);
		} finally {
			await slow.close();
		}
	}, 30_000);

	test("the race: a callback that comes while the task still reads PROCESSING is answered 503, and the service's retry resumes the execution", async () => {
		// Every read of the first delivery finds the task PROCESSING, as when a callback comes just before the task's record says it finished.
		await control(emu, '/faults', {
			path: QUERY_TASK,
			status: 200,
			body: { status: 'PROCESSING' },
			count: 1 + REREAD_DELAYS_MS.length,
		});
		const json = workflow();
		const resumeServer = await serveResume(json, options());
		try {
			const waiting = await runUntilWaiting(json, {
				...options(),
				waitingBaseUrl: resumeServer.waitingBaseUrl,
			});
			resumeServer.register(waiting);
			const answered = await waitFor(
				async () => resumeServer.calls.find((entry) => entry.webhook)?.webhook,
				'the first answered callback',
			);
			expect(answered.status).toBe(503);
			const resumed = await waitFor(
				async () => resumeServer.calls.find((entry) => entry.resumed)?.resumed,
				'the resuming callback',
			);
			expect(resumed.result.json('After')[0]).toMatchObject({
				taskId: taskIdOf(waiting),
				status: 'COMPLETED',
				outcome: 'succeeded',
			});
			// The service's own log: the delivery answered 503 was sent again (a 409 may come first, while n8n saves the wait).
			const attempts = (await control(emu, `/webhooks?taskId=${taskIdOf(waiting)}`)).body as Array<{
				status?: number;
			}>;
			expect(attempts.map((attempt) => attempt.status).filter((status) => status !== 409)).toEqual([
				503, 200,
			]);
		} finally {
			await call(`${emu.url}/__control/faults`, { key: null, method: 'DELETE' });
			await resumeServer.close();
		}
	}, 30_000);

	test("a callback whose task cannot be read now (5xx after the retries) is answered 503 and keeps waiting; the service's retry resumes it", async () => {
		const waiting = await runUntilWaiting(workflow(), options());
		const body = await waitTask(emu, taskIdOf(waiting));
		await control(emu, '/faults', { path: QUERY_TASK, status: 500, count: 4 });
		const failed = await resumeByCallback(workflow(), waiting, { body }, options());
		expect(failed.resumed).toBeUndefined();
		expect(failed.webhook.status).toBe(503);
		expect(failed.webhook.answer).toEqual({
			message: expect.stringMatching(
				new RegExp(
					`^Could not verify task ${taskIdOf(waiting)} with the API: .*; the execution keeps waiting$`,
				),
			),
		});
		const retried = await resumeByCallback(workflow(), waiting, { body }, options());
		expect(retried.resumed!.result.json('After')[0]).toMatchObject({
			taskId: taskIdOf(waiting),
			status: 'COMPLETED',
			outcome: 'succeeded',
		});
	}, 30_000);

	test("at the time limit the execution goes on with the task's id, its state as created and outcome timedOut", async () => {
		const waiting = await runUntilWaiting(workflow({ callbackTimeoutMinutes: 2 }), options());
		const created = waiting.result.json('Create Video')[0];
		const resumed = await resumeByTimeout(
			workflow({ callbackTimeoutMinutes: 2 }),
			waiting,
			options(),
		);
		expect(resumed.result.status).toBe('success');
		const [item] = resumed.result.output('After');
		expect(item.json).toEqual({
			...created,
			outcome: 'timedOut',
			error:
				'No callback came within 2 minutes: the task may still be running; read it by its taskId with Wait For Task',
		});
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(await queries(String(created.taskId))).toHaveLength(0);
	});

	test("a Callback URL of the user's is refused, not silently replaced", async () => {
		const before = await creates();
		const run = await runWorkflow(
			workflow({ additionalOptions: { callBackUrl: 'https://example.com/hook' } }),
			options(),
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toBe(
			'Callback URL cannot be set when waiting Until the Service Calls Back',
		);
		expect(await creates()).toBe(before);
	});

	test("the timeout field's default is the one the mode falls back to", () => {
		const field = completionProperties({ callback: true }).find(
			(property) => property.name === 'callbackTimeoutMinutes',
		);
		expect(field?.default).toBe(DEFAULT_CALLBACK_TIMEOUT_MINUTES);
		expect(
			completionProperties().find((property) => property.name === 'waitForCompletion')?.options,
		).toHaveLength(2);
	});
});
