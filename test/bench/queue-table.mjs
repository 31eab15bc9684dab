// The benchmark's `queue-table` row: what the production queue template (examples/video-queue.json,
// its rows in an n8n Data Table) costs per row over the plain batch, in one `n8n start` (Data
// Tables need a server). The plain batch: Webhook → Code (the N prompts as items) → Create Video
// (not waiting) → Wait For Task (downloading). The template: a fresh `video_queue` table of the same
// N prompts, one run claiming, creating and finishing every row. Both on a freshly reset emulator
// with tasks of TASK_SECONDS; each run's wall time is its execution's, its memory the peak resident
// memory of n8n's process tree (n8n and its task runners). The test/durable helpers build and run
// both workflows. Plain Node ESM (Linux: reads /proc).
import os from 'node:os';

import { DEMO_OWNER, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { readExecution } from '../../scripts/n8n/rest.mjs';
import { freePort, startN8n } from '../../scripts/n8n/run.mjs';
import { executions, productionWorkflow, until } from '../durable/crash.mjs';
import { CREDENTIALS, createVideo } from '../durable/nodes.mjs';
import {
	freshTable,
	queuePrompts,
	queueWorkflow,
	rowsFor,
	tableRows,
} from '../durable/video-queue.mjs';
import { residentBytes } from './large-download.mjs';
import { deliveredTasks, lostOrTwice, measureRequests } from './measure.mjs';
import { treePids } from './proc-tree.mjs';

/** How long each task runs at the emulator, in both runs. */
export const TASK_SECONDS = 5;
export const DEFAULT_QUEUE_TABLE_ROWS = 1000;

/** The emulator keeps this many requests (test/emulator/control/request-log.ts). */
const REQUEST_LOG_SIZE = 10_000;
const FINISHED = ['success', 'error', 'crashed', 'canceled'];
/** The plain batch after its Code node: Create Video returning at once, then Wait For Task. */
const PLAIN_STEPS = [
	createVideo({ waitForCompletion: 'none' }),
	{
		name: 'Wait For Task',
		type: 'n8n-nodes-unified-generation.waitForTask',
		typeVersion: 2,
		credentials: CREDENTIALS,
		parameters: { operation: 'wait', download: true },
	},
];

/**
 * Both runs of `rows` rows on one n8n server over `userFolder` (its package and credentials
 * installed), stopped before returning.
 * @param {{ control: (path: string, body?: unknown) => Promise<any> }} emulator
 * @param {{ userFolder: string, rows: number, log: (line: string) => void }} opts
 */
export async function queueTableRow(emulator, { userFolder, rows, log }) {
	log('Starting n8n (n8n start) for the queue-table row…');
	const n8n = await startN8n({
		userFolder,
		port: await freePort(),
		env: ownerEnv(DEMO_OWNER),
		timeoutMs: 5 * 60_000,
	});
	try {
		const session = await login(n8n.baseUrl, DEMO_OWNER);
		const server = { baseUrl: n8n.baseUrl, request: session.request };
		const prompts = queuePrompts('bench', rows);
		const measure = (flow, timeoutMs) => measured({ emulator, server, n8n, log }, flow, timeoutMs);

		log(`Queue table: the plain batch of ${rows} prompts…`);
		const plainFlow = await productionWorkflow(
			server,
			`Benchmark: plain batch of ${rows}`,
			prompts,
			PLAIN_STEPS,
		);
		const plain = await measure(plainFlow, (300 + rows) * 1000);
		const run = await readExecution(session, plain.id);
		plain.problem ??= lostOrTwice(plain.requests, deliveredTasks(run, 'Wait For Task'), rows);

		log(`Queue table: the template on a table of ${rows} rows, one run…`);
		const table = await freshTable(server, rowsFor(prompts));
		const queueFlow = await queueWorkflow(server, 'video-queue.json', {
			name: `Benchmark: production queue, ${rows} rows`,
			settings: { batchSize: rows, dailyBudget: 1e9 },
		});
		const template = await measure(queueFlow, (600 + rows * 5) * 1000);
		const saved = await tableRows(server, table);
		const completed = saved.filter((row) => row.status === 'completed');
		template.problem ??=
			(saved.length !== rows && `the table holds ${saved.length} of ${rows} rows`) ||
			lostOrTwice(
				template.requests,
				{ distinct: new Set(completed.map((row) => row.taskId)).size, completed: completed.length },
				rows,
			);
		const counts = new Map();
		for (const row of saved) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
		template.statuses = [...counts].map(([status, count]) => `${count} ${status}`);
		return { rows, plain, template };
	} catch (error) {
		const exited = n8n.child.exitCode ?? n8n.child.signalCode;
		const said = n8n.output().trim().split('\n').slice(-8).join('\n');
		throw new Error(
			`${why(error)}${exited === null ? '' : ` (n8n exited ${exited})`}; n8n's last lines:\n${said}`,
		);
	} finally {
		await n8n.stop();
	}
}

/**
 * Starts an active workflow on a freshly reset emulator and waits until its execution ended: its
 * wall time, the emulator's count of its creates, the n8n process tree's memory meanwhile.
 */
async function measured({ emulator, server, n8n, log }, flow, timeoutMs) {
	await emulator.control('/reset', {});
	await emulator.control('/settings', { taskDurationMs: TASK_SECONDS * 1000 });
	const memory = treeMemory(n8n.child.pid);
	// a read that fails while n8n still runs is read again (and named): only n8n's end is the run's
	const list = () =>
		executions(server, flow.workflowId).catch((error) => {
			if (n8n.child.exitCode !== null || n8n.child.signalCode !== null) throw error;
			log(`reading n8n's executions failed (${why(error)}); reading again`);
			return [];
		});
	let execution;
	try {
		const id = await flow.start();
		// the list's summary, not the saved run: reading a large run back would count in n8n's memory
		execution = await until(
			async () => (await list()).find((e) => String(e.id) === id && FINISHED.includes(e.status)),
			`execution ${id} to end`,
			timeoutMs,
		);
	} finally {
		memory.stop();
	}
	const listedAt = Date.now();
	const requestLog = await emulator.control('/requests');
	const requests = measureRequests(requestLog, { tasks: 1, durationMs: 1 });
	const problem =
		(execution.status !== 'success' && `execution ${execution.id} ended ${execution.status}`) ||
		(requestLog.length >= REQUEST_LOG_SIZE &&
			`the emulator's request log (last ${REQUEST_LOG_SIZE}) overflowed: creates not counted`) ||
		undefined;
	return {
		id: String(execution.id),
		ms: Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt),
		// n8n saves the run after its stoppedAt: how much later it listed the run as ended
		listedMs: listedAt - Date.parse(execution.stoppedAt),
		requests,
		// measureRequests' `creating` with T = 1 ms: the ms from the first createTask to the last
		creatingMs: requests.creating,
		...memory.bytes(),
		problem,
	};
}

/** An error's message, with its cause's (a failed fetch says why only there). */
const why = (error) =>
	`${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}`;

/**
 * The resident memory of a process and its descendants (n8n and its task runners), summed, every
 * `everyMs` until `stop()`: `bytes()` is the sum at the start and its peak.
 */
function treeMemory(pid, everyMs = 200) {
	const startBytes = treeBytes(pid);
	let peakBytes = startBytes;
	const timer = setInterval(() => (peakBytes = Math.max(peakBytes, treeBytes(pid))), everyMs);
	return { stop: () => clearInterval(timer), bytes: () => ({ startBytes, peakBytes }) };
}

function treeBytes(root) {
	return treePids(root).reduce((sum, pid) => sum + (residentBytes(pid) ?? 0), 0);
}

/** The row's lines: both runs, and what the table adds per row. */
export function queueTableReport(result) {
	if (!result) return [];
	const { rows, plain, template } = result;
	const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
	const line = (name, run, extra = '') =>
		`${name}: ${(run.ms / 1000).toFixed(1)} s, createTask ${run.requests.creates} (${run.requests.createdTwice} repeated) over ${(run.creatingMs / 1000).toFixed(1)} s${extra}, listed as ended ${(run.listedMs / 1000).toFixed(1)} s after its end; n8n's processes peaked at ${mb(run.peakBytes)} (${mb(run.startBytes)} before)`;
	return [
		'',
		`Production queue in a Data Table: ${rows} rows, tasks of ${TASK_SECONDS} s, n8n start (regular mode), load average now ${os.loadavg()[0].toFixed(1)}`,
		line('plain batch (Webhook → Code → Create Video → Wait For Task)', plain),
		line(
			'template (examples/video-queue.json, one run)',
			template,
			`, rows ${template.statuses.join(', ')}`,
		),
		`the table adds (template − plain) / rows = ${((template.ms - plain.ms) / rows).toFixed(1)} ms per row`,
	];
}
