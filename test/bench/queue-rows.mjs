// The benchmark's queue-mode rows: n8n as scripts/n8n/queue.mjs runs it (Postgres, Redis, a main
// process, 2 workers of concurrency 5, a webhook process), its own scratch stack under
// .cache/bench-queue. The uneven rows (spread.mjs) start the workflow on the main as the editor
// does, a worker runs it, and the workers' memory is what counts; the callback row is callback.mjs's
// batch with its executions started, and resumed, on the webhook process. Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_OWNER, login } from '../../scripts/n8n/instance.mjs';
import { REPO_CACHE_DIR } from '../../scripts/n8n/paths.mjs';
import { startQueueServices, startQueueStack } from '../../scripts/n8n/queue.mjs';
import { readExecution } from '../../scripts/n8n/rest.mjs';
import { freePort } from '../../scripts/n8n/run.mjs';
import { activate, callbackBatch } from './callback.mjs';
import { spreadRow } from './spread.mjs';

const DIR = path.join(REPO_CACHE_DIR, 'bench-queue');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the stack, runs the uneven rows and the callback rows on it, stops it.
 * @param {{ control: (path: string, body?: unknown) => Promise<any>, url: string }} emulator
 * @param {{ n8n: any, tarball: string, uneven: Array<{ name: string, lastNode: string, tasks: number, flow: any }>,
 *   callbackFlow: any, callbackSeconds: number[], tasks: number, spread: any, log: (line: string) => void }} opts
 */
export async function queueRows(emulator, opts) {
	const { log } = opts;
	fs.rmSync(DIR, { recursive: true, force: true });
	log('Queue mode: starting Postgres and Redis…');
	const services = await startQueueServices({
		dir: DIR,
		postgresPort: await freePort(),
		redisPort: await freePort(),
		scratch: true,
		log,
	});
	try {
		return await onStack(emulator, services, opts);
	} finally {
		await services.stop();
	}
}

async function onStack(emulator, services, opts) {
	const { log } = opts;
	const stack = await startQueueStack({
		n8n: opts.n8n,
		services,
		dir: DIR,
		instance: {
			tarball: opts.tarball,
			emulatorUrl: emulator.url,
			workflows: [...opts.uneven.map((w) => w.flow), opts.callbackFlow],
		},
		log,
	});
	const base = stack.webhooks[0].baseUrl;
	try {
		const session = await login(stack.main.baseUrl, DEMO_OWNER);
		const rows = [];
		for (const { name, lastNode, tasks, flow } of opts.uneven) {
			log(`${name}: ${tasks} uneven tasks (queue mode)…`);
			const execute = async ({ watch }) => {
				for (const worker of stack.workers) watch(worker.child.pid);
				return onWorker(
					session,
					flow,
					(opts.spread.medianSeconds * opts.spread.maxFactor * 3 + 600) * 1000,
				);
			};
			rows.push(
				await spreadRow(emulator, {
					name,
					mode: 'queue',
					tasks,
					spread: opts.spread,
					lastNode,
					execute,
				}),
			);
		}
		const webhook = `${base}/webhook/${opts.callbackFlow.nodes[0].parameters.path}`;
		await activate(session, opts.callbackFlow.id, webhook);
		const batch = {
			emulator,
			session,
			flow: opts.callbackFlow,
			base,
			webhook,
			tasks: opts.tasks,
			log,
		};
		for (const seconds of opts.callbackSeconds)
			rows.push({ ...(await callbackBatch(batch, seconds)), mode: 'queue' });
		return rows;
	} finally {
		await stack.stop();
	}
}

/**
 * Runs a saved workflow from its manual trigger through the main's REST API, as the editor's
 * "Execute workflow" does (a worker runs it: OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS), and reads its
 * execution back once finished.
 */
async function onWorker(session, flow, timeoutMs) {
	const trigger = flow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	const answer = await session.request('POST', `/rest/workflows/${flow.id}/run`, {
		triggerToStartFrom: { name: trigger.name },
	});
	const executionId = answer.json?.data?.executionId;
	if (!executionId)
		return {
			problem: `running ${flow.id} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
		};
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(1000)) {
		const run = await readExecution(session, executionId).catch(() => undefined);
		if (run && !['new', 'running', 'waiting'].includes(run.status))
			return {
				run,
				problem:
					run.status === 'success' ? undefined : `execution ${executionId} ended ${run.status}`,
			};
	}
	return { problem: `execution ${executionId} did not finish within ${timeoutMs / 1000} s` };
}

/** T of the queue's callback row, and the span it is held to (issue 24). */
export const QUEUE_CALLBACK = { seconds: 30, targetSpan: 1.1 };

/** The callback rows in queue mode: span / T against its target, how the callbacks came through. */
export function queueCallbackLines(rows) {
	return rows
		.filter((row) => row.mode === 'queue' && row.callbacks)
		.map(
			(row) =>
				`${row.name}, queue mode, ${row.tasks} executions of one task, T = ${row.seconds} s: span / T ${row.span.toFixed(3)} (target <= ${QUEUE_CALLBACK.targetSpan}), creating / T ${row.creating.toFixed(2)}, late / T ${row.lateness.toFixed(3)}, queryTask per task ${row.queriesPerTask.toFixed(2)}, createTask ${row.creates}, n8n executions ${(row.executionMs / 1000).toFixed(1)} s`,
		);
}
