// The Task Trigger across processes: one delivery reaches the first webhook process, its answer is
// lost (a proxy in front, a load balancer, answers 500), and the service's retry 1 s later reaches
// the second webhook process (the proxy alternates). Each process remembers only its own deliveries, so both start an execution;
// the shipped pattern (examples/trigger-dedupe-queue-mode.json: Remove Duplicates keyed on the task
// type, id and status, kept in n8n's database) lets exactly one go on. Both run on a worker, and
// the video the trigger downloaded in the receiving process is in the database for the worker.
import http from 'node:http';

import { emulatorClient } from '../../scripts/lib/emulator-process.mjs';
import { loadExamples } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow } from '../../scripts/n8n/rest.mjs';
import { E2E_EMULATOR_SETTINGS } from '../e2e/context.mjs';
import {
	DEMO_KEY,
	emulator,
	executionsOf,
	finished,
	isMp4,
	itemsOf,
	session,
	sleep,
	stack,
	until,
	workersThatRan,
} from './stack.mjs';

const PATTERN = loadExamples().find((e) => e.workflow.id === 'ugExTrigDedup09').workflow;
const TRIGGER = PATTERN.nodes.find((n) => n.type.endsWith('.taskTrigger'));
const READER = 'Read The Video On The Worker';
const emu = emulator();
const { call, control } = emulatorClient(emu.url);

/**
 * A proxy that sends delivery n to targets[n % 2] and answers the service at once, 500 to the first
 * (its answer lost on the way back) and 200 after that, while n8n's own answer is recorded when it
 * comes. Answering at once keeps the service's deliveries to exactly two on a starved machine, where
 * n8n's answer may take longer than the service waits (it would then retry a second time).
 */
function alternatingProxy(targets) {
	const calls = [];
	let arrived = 0;
	let previous = Promise.resolve();
	const server = http.createServer(async (req, res) => {
		const n = arrived++;
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		res.writeHead(n === 0 ? 500 : 200).end();
		// a retry goes on only once n8n took the delivery before it, and its execution had 3 s to
		// pass Remove Duplicates: two first writes of one record at once collide in n8n's table
		const before = previous;
		let done;
		previous = new Promise((resolve) => (done = resolve));
		await before;
		if (n > 0) await new Promise((resolve) => setTimeout(resolve, 3000));
		const target = targets[n % targets.length];
		const answer = await fetch(target, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: Buffer.concat(chunks),
		});
		calls[n] = { target, status: answer.status };
		done();
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				url: `http://127.0.0.1:${server.address().port}/`,
				calls,
				close: () => server.close(),
			}),
		),
	);
}

let proxy;
let executions;
let task;

/**
 * The pattern with one more node after the dedupe: Extract From File reads the trigger's video on
 * the worker (its bytes as base64), so the test sees what the worker's nodes read.
 */
async function addReader() {
	const s = await session();
	const saved = (await s.request('GET', `/rest/workflows/${PATTERN.id}`)).json.data;
	const nodes = [
		...saved.nodes,
		{
			parameters: { operation: 'binaryToPropery', options: {} },
			type: 'n8n-nodes-base.extractFromFile',
			typeVersion: 1.1,
			position: [660, 0],
			id: '0c6d3f4e-1a2b-4c3d-8e01-0000000009e1',
			name: READER,
		},
	];
	const connections = {
		...saved.connections,
		'Use the finished task': { main: [[{ node: READER, type: 'main', index: 0 }]] },
	};
	const answer = await s.request('PATCH', `/rest/workflows/${PATTERN.id}`, {
		nodes,
		connections,
		versionId: saved.versionId,
	});
	if (answer.status !== 200) throw new Error(`PATCH answered ${answer.status}: ${answer.text}`);
}

beforeAll(async () => {
	await addReader();
	await activateWorkflow(await session(), PATTERN.id);
	const { webhookUrls } = stack();
	const url = (base) =>
		`${base}/webhook/${TRIGGER.webhookId}/task?secret=${TRIGGER.parameters.secret}`;
	proxy = await alternatingProxy([url(webhookUrls[0]), url(webhookUrls[1])]);
	// the service's own first retry comes after 1 s (the suite's emulator retries after 100 ms)
	await control('/settings', { webhookRetryDelaysMs: [1000, 5000, 30000] });
	task = await call('/api/v1/jobs/createTask', {
		key: DEMO_KEY,
		json: {
			model: 'sd2-mini',
			inputs: { prompt: 'queue dedupe', duration: '4s' },
			callBackUrl: proxy.url,
		},
	});
	await until(async () => {
		const found = await executionsOf(PATTERN.id);
		return found.length >= 2 && proxy.calls.filter(Boolean).length >= 2 ? found : undefined;
	}, 'an execution per delivery, and n8n answered both');
	await sleep(2000); // a third would have started by now
	executions = await Promise.all((await executionsOf(PATTERN.id)).map((e) => finished(e.id)));
});

afterAll(async () => {
	proxy?.close();
	await control('/settings', { webhookRetryDelaysMs: E2E_EMULATOR_SETTINGS.webhookRetryDelaysMs });
});

test('the delivery reached one webhook process, its retry the other: each started an execution on a worker', async () => {
	expect(proxy.calls.map((c) => [new URL(c.target).port, c.status])).toEqual([
		[new URL(stack().webhookUrls[0]).port, 200],
		[new URL(stack().webhookUrls[1]).port, 200],
	]);
	expect(executions.map((r) => [r.status, r.mode])).toEqual([
		['success', 'webhook'],
		['success', 'webhook'],
	]);
	for (const id of (await executionsOf(PATTERN.id)).map((e) => e.id))
		expect(workersThatRan(id)).toHaveLength(1);
});

test('exactly one execution goes on past Remove Duplicates', () => {
	const passed = executions.map((run) => itemsOf(run, 'Once Per Delivered Task').length);
	expect(passed.sort()).toEqual([0, 1]);
	const onward = executions.filter((run) => run.data.resultData.runData['Use the finished task']);
	expect(onward).toHaveLength(1);
	expect(itemsOf(onward[0], 'Use the finished task').map((i) => i.json)).toEqual([
		expect.objectContaining({ taskId: task.taskId, status: 'COMPLETED', verified: true }),
	]);
});

test("the trigger's download, stored in the database by the receiving process, is read on the worker: the emulator's MP4", async () => {
	const onward = executions.find((run) => run.data.resultData.runData['Use the finished task']);
	const [item] = itemsOf(onward, 'Use the finished task');
	expect(item.binary.data.id).toMatch(/^database:/);
	const [read] = itemsOf(onward, READER);
	const bytes = Buffer.from(read.json.data, 'base64');
	expect(isMp4(bytes)).toBe(true);
	expect(bytes.equals((await emu.download(item.json.output[0].url)).bytes)).toBe(true);
});
