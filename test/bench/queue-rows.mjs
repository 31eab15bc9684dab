// The benchmark's queue-mode rows: n8n as scripts/n8n/queue.mjs runs it (Postgres, Redis, a main
// process, 2 workers of concurrency 5, a webhook process), its own scratch stack under
// .cache/bench-queue. The uneven rows (spread.mjs) start the workflow on the main as the editor
// does, a worker runs it, and the workers' memory is what counts; the callback rows are callback.mjs's
// batches (N executions of one task, one execution of N tasks) started, and resumed, on the webhook
// process, each beside its anchor (anchor.mjs). Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_OWNER, login } from '../../scripts/n8n/instance.mjs';
import { REPO_CACHE_DIR } from '../../scripts/n8n/paths.mjs';
import { startQueueServices, startQueueStack } from '../../scripts/n8n/queue.mjs';
import { readExecution } from '../../scripts/n8n/rest.mjs';
import { freePort } from '../../scripts/n8n/run.mjs';
import { anchoredRows, engineOf } from './anchor.mjs';
import { SHAPES, activate, timesT, webhookOf } from './callback.mjs';
import { spreadRow } from './spread.mjs';

const DIR = path.join(REPO_CACHE_DIR, 'bench-queue');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the stack, runs the uneven rows and the callback rows on it, stops it.
 * @param {{ control: (path: string, body?: unknown) => Promise<any>, url: string }} emulator
 * @param {{ n8n: any, tarball: string, uneven: Array<{ name: string, lastNode: string, tasks: number, flow: any }>,
 *   callbacks: Array<{ flows: { package: any, anchor: any }, shape: keyof typeof import('./callback.mjs').SHAPES, seconds: number }>,
 *   tasks: number, spread: any, log: (line: string) => void }} opts
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
			workflows: [
				...opts.uneven.map((w) => w.flow),
				...new Set(opts.callbacks.flatMap((row) => Object.values(row.flows))),
			],
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
		const flows = new Set(opts.callbacks.flatMap((row) => Object.values(row.flows)));
		for (const flow of flows) await activate(session, flow.id, webhookOf(base, flow));
		// every n8n process of the stack: a callback's resume runs on a worker
		const pids = () =>
			[stack.main, ...stack.workers, ...stack.webhooks].map((proc) => proc.child.pid);
		const engine = engineOf(stack.webhooks[0].child.pid);
		for (const { flows: pair, shape, seconds } of opts.callbacks) {
			const batch = {
				emulator,
				session,
				base,
				tasks: opts.tasks,
				shape,
				flows: pair,
				pids,
				engine,
				log,
			};
			const anchored = await anchoredRows(batch, seconds);
			rows.push(...anchored.map((row) => ({ ...row, mode: 'queue' })));
		}
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

/**
 * T of the queue's callback rows, and what they are held to (issue 24): the last result in the
 * workflow within 1.10 x T of the first createTask, every callback answered within the service's
 * time limit.
 */
export const QUEUE_CALLBACK = { seconds: 30, targetSpan: 1.1 };

/** The callback rows in queue mode: spans / T against the target, the requests. */
export function queueCallbackLines(rows) {
	return rows
		.filter((row) => row.mode === 'queue' && row.callbacks)
		.map(
			(row) =>
				`${row.name}, queue mode, ${SHAPES[row.shape].label(row.tasks)}, T = ${row.seconds} s: last result ${timesT(row.resultSpan)} (target <= ${QUEUE_CALLBACK.targetSpan}), span to the last callback answered / T ${row.span.toFixed(3)}, creating / T ${row.creating.toFixed(2)}, late / T ${row.lateness.toFixed(3)}, queryTask per task ${row.queriesPerTask.toFixed(2)}, createTask ${row.creates}, n8n executions ${(row.executionMs / 1000).toFixed(1)} s`,
		);
}
