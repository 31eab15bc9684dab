/**
 * What a callback of a waiting batch costs and when it resumes (Until the Service Calls Back),
 * against a scripted service: each task reads PROCESSING until the test finishes it, and the test
 * delivers the callbacks itself, in the order, number and shape each case needs.
 */
import { WebhookContext } from 'n8n-core';

import { fakeService, healthy } from '../faults/fake-service';
import type { Behaviour, Received } from '../faults/fake-service';
import { FAULT_KEY, createVideo } from '../faults/run';
import { resumeByCallback, runUntilWaiting } from '../harness/waiting';
import type { WaitingExecution } from '../harness/waiting';
import { chainWorkflow } from '../helpers/workflow';

const QUERY = '/jobs/queryTask';

/** The service's tasks: finished ones with their completeTime; `refuse` answers a read instead. */
function scriptedService() {
	const finishedAt = new Map<string, number>();
	let refuse: ((taskId: string) => Behaviour | undefined) | undefined;
	const handler = (request: Received, count: number): Behaviour => {
		if (!request.path.endsWith(QUERY)) return healthy(request, count);
		const taskId = request.query.get('taskId') ?? '';
		const refused = refuse?.(taskId);
		if (refused) return refused;
		const completeTime = finishedAt.get(taskId);
		const status = completeTime === undefined ? 'PROCESSING' : 'COMPLETED';
		const body = { taskId, orderId: `o-${taskId}`, model: 'sd2', status, createTime: 1 };
		return { status: 200, body: { ...body, completeTime, creditsUsed: 200, output: [] } };
	};
	return {
		finishedAt,
		refuseWith: (answer?: (taskId: string) => Behaviour | undefined) => (refuse = answer),
		start: async () => await fakeService(handler),
	};
}

type Service = Awaited<ReturnType<typeof fakeService>>;
let script: ReturnType<typeof scriptedService>;
let service: Service;

beforeEach(async () => {
	script = scriptedService();
	service = await script.start();
});
afterEach(async () => await service.close());

const workflow = chainWorkflow([createVideo({ waitForCompletion: 'callback', download: false })]);
const options = () => ({
	credentials: { unifiedGenerationApi: { apiKey: FAULT_KEY, baseUrl: `${service.url}/api/v1` } },
});

async function waitingBatch(size: number) {
	const items = Array.from({ length: size }, (_, index) => ({ prompt: `shot ${index}` }));
	const waiting = await runUntilWaiting(workflow, { ...options(), items });
	expect(waiting.result.status).toBe('waiting');
	return { waiting, ids: waiting.result.json('Create Video').map((item) => String(item.taskId)) };
}

const callback = (waiting: WaitingExecution, taskId: string) =>
	resumeByCallback(workflow, waiting, { body: { taskId, status: 'COMPLETED' } }, options());

const reads = () => service.count(QUERY);

test('tasks that finish in reverse creation order: a few reads per callback, not one per finished task', async () => {
	const size = 20;
	const { waiting, ids } = await waitingBatch(size);
	const start = Date.now() - 30_000;
	let resumed: WaitingExecution | undefined;
	for (const [order, id] of [...ids].reverse().entries()) {
		script.finishedAt.set(id, start + order * 1000);
		const before = reads();
		const call = await callback(waiting, id);
		expect(call.webhook.status).toBe(200);
		// its own task, then at most the one task that still runs
		expect(reads() - before).toBeLessThanOrEqual(2);
		resumed = call.resumed;
		if (order < size - 1) expect(resumed).toBeUndefined();
	}
	const items = resumed!.result.json('Create Video');
	expect(items.map((item) => [item.taskId, item.outcome])).toEqual(
		ids.map((id) => [id, 'succeeded']),
	);
});

test('a batch read answered 429 on the last callback is read again within the call: the execution resumes', async () => {
	const { waiting, ids } = await waitingBatch(3);
	ids.forEach((id, index) => script.finishedAt.set(id, Date.now() - 10_000 + index * 1000));
	// every attempt of the transport's one read (4) is refused
	let limited = 4;
	script.refuseWith((taskId) =>
		taskId === ids[0] && limited-- > 0
			? { status: 429, body: { message: 'Too many requests' }, headers: { 'retry-after': '0' } }
			: undefined,
	);
	const last = await callback(waiting, ids[2]);
	expect(last.resumed?.result.json('Create Video').map((item) => item.outcome)).toEqual([
		'succeeded',
		'succeeded',
		'succeeded',
	]);
});

test('a batch read that keeps failing is not acknowledged: the service sends the callback again, and that one resumes', async () => {
	const { waiting, ids } = await waitingBatch(3);
	ids.forEach((id, index) => script.finishedAt.set(id, Date.now() - 10_000 + index * 1000));
	script.refuseWith((taskId) =>
		taskId === ids[0] ? { status: 503, body: { message: 'Service unavailable' } } : undefined,
	);
	const first = await callback(waiting, ids[2]);
	expect(first.webhook.status).toBe(503);
	expect(first.resumed).toBeUndefined();
	script.refuseWith(undefined);
	const again = await callback(waiting, ids[2]);
	expect(again.webhook.status).toBe(200);
	expect(again.resumed?.result.json('Create Video')).toHaveLength(3);
}, 60_000);

const credentialAsks = (call: Awaited<ReturnType<typeof callback>>) =>
	call.webhook.credentialReads.get('unifiedGenerationApi') ?? 0;

test('callbacks of other executions of the node do not ask n8n for the credential again, until a read with it fails', async () => {
	const first = await waitingBatch(1);
	const second = await waitingBatch(1);
	const third = await waitingBatch(1);
	[first, second, third].forEach(({ ids }) => script.finishedAt.set(ids[0], Date.now() - 1000));
	const one = await callback(first.waiting, first.ids[0]);
	const two = await callback(second.waiting, second.ids[0]);
	expect([one, two].map(credentialAsks)).toEqual([1, 0]);
	expect(two.resumed?.result.json('Create Video')[0].outcome).toBe('succeeded');
	// a key rotated since: the service refuses it, the callback is not acknowledged, n8n is asked again
	script.refuseWith(() => ({ status: 401, body: { message: 'Invalid API key' } }));
	const refused = await callback(third.waiting, third.ids[0]);
	expect(refused.webhook.status).not.toBe(200);
	script.refuseWith(undefined);
	const again = await callback(third.waiting, third.ids[0]);
	expect([credentialAsks(refused), credentialAsks(again)]).toEqual([0, 1]);
	expect(again.resumed?.result.json('Create Video')[0].outcome).toBe('succeeded');
});

test('a read answered 5xx keeps the credential: a busy service is no reason to ask n8n again', async () => {
	const { waiting, ids } = await waitingBatch(1);
	script.finishedAt.set(ids[0], Date.now() - 1000);
	script.refuseWith(() => ({ status: 503, body: { message: 'Service unavailable' } }));
	const refused = await callback(waiting, ids[0]);
	expect(refused.webhook.status).toBe(503);
	script.refuseWith(undefined);
	const again = await callback(waiting, ids[0]);
	expect(credentialAsks(again)).toBe(0);
	expect(again.resumed?.result.json('Create Video')[0].outcome).toBe('succeeded');
}, 60_000);

test('the last callback delivered twice at once resumes the execution once', async () => {
	const { waiting, ids } = await waitingBatch(2);
	ids.forEach((id, index) => script.finishedAt.set(id, Date.now() - 5_000 + index * 1000));
	const both = await Promise.all([callback(waiting, ids[1]), callback(waiting, ids[1])]);
	expect(both.map((call) => call.webhook.status)).toEqual([200, 200]);
	expect(both.filter((call) => call.resumed)).toHaveLength(1);
});

test('a call naming no task of the batch is refused before any read or expression', async () => {
	const { waiting } = await waitingBatch(2);
	const evaluations = jest.spyOn(WebhookContext.prototype, 'evaluateExpression');
	try {
		const before = reads();
		const junk = await callback(waiting, 'task-999');
		expect(junk.webhook.status).toBe(400);
		expect(reads()).toBe(before);
		expect(evaluations).not.toHaveBeenCalled();
	} finally {
		evaluations.mockRestore();
	}
});
