#!/usr/bin/env node
// `npm run bench`: the ways of waiting on a batch, side by side in the real n8n that `npm start`
// installs, against the emulator: the HTTP Request loop users build by hand (workflows/http-loop.json),
// Create Video → Wait For Task with default settings, and Create Video waiting for callbacks (N
// executions of one task, and one execution of N tasks, on `n8n start`: see callback.mjs), each
// callback row beside its anchor, n8n's own Wait node on the same tasks (anchor.mjs). Then the same polling workflows on
// tasks of uneven run times at 100 and 1000 tasks (spread.mjs), and in queue mode (queue-rows.mjs)
// the uneven rows and two callback rows at T = 30 s: N executions of one task, and one execution of
// N tasks. Then the memory of a 200 MB download in n8n's filesystem binary mode, and the time to
// load the package's nodes and credentials. Then what the Create nodes' paid-once bookkeeping costs
// beside their creates (ledger.mjs; the only rows run at n8n's log level debug). Then the production
// queue template (examples/video-queue.json, a Data Table) against the plain batch, in one `n8n
// start` (queue-table.mjs).
// Prints numbers only; exits 1 only when a task was lost or created twice (or a run failed).
// Plain Node ESM; its own n8n user folder (.cache/bench) and emulator.
//
// `--only <rows>` runs some of it, in minutes instead of the whole bench's 40, e.g.
//   npm run bench -- --only queue-callback-batch              # one execution of 100 tasks, queue mode
//   npm run bench -- --only queue-callback,queue-callback-batch --tasks 20
//   npm run bench -- --only queue-callback-batch --queue-env DB_POSTGRESDB_POOL_SIZE=10
//   npm run bench -- --only callback --durations 5 --engine vm,quickjs   # both expression engines
// (the other options still apply to the rows chosen: --tasks, --durations, --spread-tasks, …).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DEMO_KEY, startEmulatorProcess } from '../../scripts/lib/emulator-process.mjs';
import { packPackage } from '../../scripts/n8n/community-package.mjs';
import { ensureN8n } from '../../scripts/n8n/install.mjs';
import { prepareInstance } from '../../scripts/n8n/instance.mjs';
import { NODE_BIN, REPO_CACHE_DIR, REPO_ROOT } from '../../scripts/n8n/paths.mjs';
import { binaryFilePath } from '../../scripts/n8n/results.mjs';
import { executeWorkflow, freePort } from '../../scripts/n8n/run.mjs';
import { anchorLines } from './anchor.mjs';
import { cpuSplitLines } from './cpu-split.mjs';
import { callbackNotes, callbackRows } from './callback.mjs';
import { memorySampler, startFileHost } from './large-download.mjs';
import {
	HELD_CREATE_MS,
	ledgerReport,
	ledgerRows,
	ledgerRuns,
	ledgerWorkflows,
} from './ledger.mjs';
import { deliveredTasks, lostOrTwice, measureRequests } from './measure.mjs';
import { QUEUE_CALLBACK, queueCallbackLines, queueRows } from './queue-rows.mjs';
import { DEFAULT_QUEUE_TABLE_ROWS, queueTableReport, queueTableRow } from './queue-table.mjs';
import { DEFAULT_SPREAD, spreadReport, spreadRow } from './spread.mjs';

/** The parts `--only` chooses from. */
const ROWS = {
	equal:
		'the equal-time rows of n8n execute (T of --durations): the HTTP Request loop, Wait For Task',
	callback:
		'callback waiting on n8n start, N executions of one task, beside its anchor (T of --durations)',
	'callback-batch':
		'callback waiting on n8n start, one execution of N tasks, beside its anchor (T of --durations)',
	uneven: 'the uneven rows in regular mode',
	'queue-uneven': 'the uneven rows of Create Video → Wait For Task in queue mode',
	'queue-callback': `callback waiting in queue mode, N executions of one task (T = ${QUEUE_CALLBACK.seconds} s)`,
	'queue-callback-batch': `callback waiting in queue mode, one execution of N tasks (T = ${QUEUE_CALLBACK.seconds} s)`,
	download: 'the memory of the large download',
	load: "the time to load the package's nodes",
	ledger: `the paid-once bookkeeping of Create Video, Skip off, on, and off with a Daily Credit Cap (--ledger-rows; --ledger-held with creates held ${HELD_CREATE_MS} ms)`,
	'queue-table':
		'the production queue template (a Data Table) against the plain batch, on n8n start (--queue-table-rows)',
};

/** The values of N8N_EXPRESSION_ENGINE n8n 2.40.7 takes. */
const ENGINES = ['vm', 'quickjs', 'legacy'];

const HELP = `Usage: npm run bench [-- options]
  --tasks <n>          tasks per batch (default 100)
  --durations <s,s>    task durations in seconds, comma-separated (default 5,30; none skips these rows)
  --spread-tasks <n,n> batch sizes of the uneven rows (default 100,1000; none skips them)
  --spread-median <s>  median run time of the uneven rows in seconds (default ${DEFAULT_SPREAD.medianSeconds})
  --spread-p99 <x>     their 99th percentile as a multiple of the median (default ${DEFAULT_SPREAD.p99Factor})
  --spread-max <x>     their longest run time as a multiple of the median (default ${DEFAULT_SPREAD.maxFactor})
  --seed <n>           the seed of their run times (default ${DEFAULT_SPREAD.seed})
  --no-queue           skip the queue-mode rows (uneven tasks, and callback waiting at T = ${QUEUE_CALLBACK.seconds} s)
  --download-mb <n>    size of the large result (default 200; 0 skips it)
  --ledger-rows <n,n>  batch sizes of the ledger rows at the emulator's speed (default 1000,10000; none skips them)
  --ledger-held <n,n>  batch sizes of the ledger rows with every create held ${HELD_CREATE_MS} ms (default 1000; none skips them)
  --queue-table-rows <n> rows of the queue-table row (default ${DEFAULT_QUEUE_TABLE_ROWS})
  --queue-env <k=v,…>  n8n settings added to every process of the queue-mode stack (e.g. DB_POSTGRESDB_POOL_SIZE=10)
  --n8n-env <k=v,…>    n8n settings added to the callback rows' n8n start (e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true)
  --engine <e,e>       n8n's expression engines for the callback rows (N8N_EXPRESSION_ENGINE: ${ENGINES.join(', ')}),
                       one n8n run per engine, one after the other (default: n8n's own, vm; the queue's
                       uneven rows run on the first)
  --cpu-split          profile n8n's main process over each callback row and print where its CPU went
                       (the package on the stack, by file, or n8n's modules): the cost per callback beside the anchor's
  --only <rows>        run only these rows, comma-separated: ${Object.keys(ROWS).join(', ')}
${Object.entries(ROWS)
	.map(([key, what]) => `                         ${key}: ${what}`)
	.join('\n')}`;

const USER_FOLDER = path.join(REPO_CACHE_DIR, 'bench');
const here = path.dirname(new URL(import.meta.url).pathname);
const LARGE_TASK_ID = 'bench-large-result';

/** `k=v,k=v` as an object of n8n settings. */
const settings = (text) => Object.fromEntries(text.split(',').map((pair) => pair.split('=', 2)));

function parseArgs(argv) {
	const opts = {
		tasks: 100,
		durations: [5, 30],
		spreadTasks: [100, 1000],
		spread: { ...DEFAULT_SPREAD },
		downloadMb: 200,
		queue: true,
		only: new Set(Object.keys(ROWS)),
		queueEnv: {},
		n8nEnv: {},
		ledger: { sizes: [1000, 10_000], held: [1000] },
		queueTableRows: DEFAULT_QUEUE_TABLE_ROWS,
		engines: [undefined],
	};
	const list = (text) => (text === 'none' ? [] : text.split(',').map(Number));
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => inline ?? argv[++i];
		if (flag === '--tasks') opts.tasks = Number(value());
		else if (flag === '--durations') opts.durations = list(value());
		else if (flag === '--spread-tasks') opts.spreadTasks = list(value());
		else if (flag === '--spread-median') opts.spread.medianSeconds = Number(value());
		else if (flag === '--spread-p99') opts.spread.p99Factor = Number(value());
		else if (flag === '--spread-max') opts.spread.maxFactor = Number(value());
		else if (flag === '--seed') opts.spread.seed = Number(value());
		else if (flag === '--download-mb') opts.downloadMb = Number(value());
		else if (flag === '--no-queue') opts.queue = false;
		else if (flag === '--ledger-rows') opts.ledger.sizes = list(value());
		else if (flag === '--ledger-held') opts.ledger.held = list(value());
		else if (flag === '--queue-table-rows') opts.queueTableRows = Number(value());
		else if (flag === '--only') opts.only = new Set(value().split(','));
		else if (flag === '--engine') opts.engines = value().split(',');
		else if (flag === '--cpu-split') opts.cpuSplit = true;
		else if (flag === '--queue-env') opts.queueEnv = settings(value());
		else if (flag === '--n8n-env') opts.n8nEnv = settings(value());
		else throw new Error(`${flag === '--help' ? '' : `unknown option ${argv[i]}\n\n`}${HELP}`);
	}
	const { medianSeconds, p99Factor, maxFactor, seed } = opts.spread;
	const bad =
		[opts.tasks, ...opts.durations, opts.downloadMb, medianSeconds, seed].some(
			(n) => !Number.isFinite(n) || n < 0,
		) ||
		opts.tasks < 1 ||
		[...opts.spreadTasks, ...opts.ledger.sizes, ...opts.ledger.held, opts.queueTableRows].some(
			(n) => !Number.isInteger(n) || n < 1,
		) ||
		!(p99Factor >= 1 && maxFactor >= 1);
	if (bad) throw new Error(`numbers must be positive\n\n${HELP}`);
	const unknown = [...opts.only].filter((key) => !(key in ROWS));
	if (unknown.length) throw new Error(`unknown rows ${unknown.join(', ')}\n\n${HELP}`);
	const engines = opts.engines.filter(
		(engine) => engine !== undefined && !ENGINES.includes(engine),
	);
	if (engines.length) throw new Error(`unknown engines ${engines.join(', ')}\n\n${HELP}`);
	return opts;
}

const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A workflow of workflows/ with its placeholders filled in (and its text edited by `edit`). */
function workflow(file, values, edit = (text) => text) {
	let text = fs.readFileSync(path.join(here, 'workflows', file), 'utf8');
	for (const [key, value] of Object.entries(values))
		text = text.replaceAll(`__${key}__`, String(value));
	return JSON.parse(edit(text));
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	const want = (key) => opts.only.has(key);
	log('Building and packing the package…');
	execFileSync('npm', ['run', 'build', '--silent'], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const pack = await packPackage();
	const n8n = await ensureN8n({ log });
	const emulator = await startEmulatorProcess({ port: await freePort() });
	try {
		const values = {
			TASKS: opts.tasks,
			UNIFIED_BASE: emulator.unifiedBaseUrl,
			API_KEY: DEMO_KEY,
			TASK_ID: LARGE_TASK_ID,
		};
		const flows = {
			loop: workflow('http-loop.json', values),
			nodes: workflow('package-nodes.json', values),
			callback: workflow('package-callback.json', values),
			callbackBatch: workflow('package-callback-batch.json', values),
			anchor: workflow('anchor-callback.json', values),
			anchorBatch: workflow('anchor-callback-batch.json', values),
			download: workflow('big-download.json', values),
		};
		const uneven = spreadWorkflows(values, opts);
		const ledger = want('ledger')
			? ledgerWorkflows(
					(rows) => workflow('package-nodes.json', { ...values, TASKS: rows }),
					ledgerRuns(opts.ledger),
				)
			: [];
		const pairs = callbackPairs(flows, want);
		const runs = {
			equal: want('equal') && opts.durations.length > 0,
			callback: pairs.length > 0 && opts.durations.length > 0,
			uneven: want('uneven'),
			download: want('download') && opts.downloadMb > 0,
			load: want('load'),
			ledger: ledger.length > 0,
			queueTable: want('queue-table'),
		};
		// The rows that run in regular mode share one user folder with every workflow imported.
		if (Object.values(runs).some(Boolean)) {
			fs.rmSync(USER_FOLDER, { recursive: true, force: true });
			await prepareInstance({
				userFolder: USER_FOLDER,
				tarball: pack.tarball,
				emulatorUrl: emulator.url,
				workflows: [
					...Object.values(flows),
					...uneven.map((w) => w.flow),
					...ledger.map((w) => w.flow),
				],
				log,
			});
		}
		const rows = [
			...(runs.equal ? await batches(emulator, flows, opts) : []),
			...(runs.callback ? await callbacksOnStart(emulator, pairs, opts) : []),
		].sort((a, b) => opts.durations.indexOf(a.seconds) - opts.durations.indexOf(b.seconds));
		const unevenRows = runs.uneven ? await spreadRows(emulator, uneven, opts) : [];
		const seconds = QUEUE_CALLBACK.seconds;
		const queue = {
			// the package's own wait; the HTTP loop's figures are in regular mode
			uneven: want('queue-uneven') ? uneven.filter((w) => w.key === 'Node') : [],
			callbacks: callbackPairs(flows, (key) => want(`queue-${key}`)).map((pair) => ({
				...pair,
				seconds,
			})),
		};
		for (const [index, engine] of opts.engines.entries()) {
			const rowsHere = { ...queue, uneven: index === 0 ? queue.uneven : [] };
			if (opts.queue && rowsHere.uneven.length + rowsHere.callbacks.length > 0)
				unevenRows.push(
					...(await queueRows(emulator, {
						n8n: { ...n8n, env: { ...n8n.env, ...engineEnv(engine), ...opts.queueEnv } },
						tarball: pack.tarball,
						...rowsHere,
						tasks: opts.tasks,
						spread: opts.spread,
						log,
					})),
				);
		}
		const download = runs.download
			? await largeDownload(emulator, flows.download, opts.downloadMb)
			: undefined;
		const loadMs = runs.load ? loadTime() : undefined;
		const ledgerResults = runs.ledger
			? await ledgerRows(emulator, { userFolder: USER_FOLDER, workflows: ledger, log })
			: [];
		const queueTable = runs.queueTable
			? await queueTableRow(emulator, { userFolder: USER_FOLDER, rows: opts.queueTableRows, log })
			: undefined;
		if (runs.equal || runs.callback || runs.download || runs.load)
			report(opts, rows, download, loadMs);
		console.log(
			[
				...spreadReport(unevenRows.filter((row) => row.spread)),
				...queueCallbackLines(unevenRows),
				...callbackNotes(unevenRows),
				...anchorLines(unevenRows),
				...ledgerReport(ledgerResults),
				...queueTableReport(queueTable),
			].join('\n'),
		);
		// an anchor's problem is n8n's own (anchorLines prints it), not the package's
		const broken = [...rows, ...unevenRows].filter((row) => row.problem && row.wait !== 'anchor');
		for (const row of broken)
			console.error(
				`✗ ${row.name}${row.mode ? ` (${row.mode} mode)` : ''}, ${row.spread ? `${row.tasks} uneven tasks` : `T = ${row.seconds} s`}: ${row.problem}`,
			);
		if (download?.problem) console.error(`✗ large download: ${download.problem}`);
		const ledgerBroken = ledgerResults.filter((row) => row.problem);
		for (const row of ledgerBroken)
			console.error(
				`✗ ledger, ${row.rows} rows, Skip ${row.skip ? 'on' : 'off'}${row.delayMs ? `, creates held ${row.delayMs} ms` : ''}: ${row.problem}`,
			);
		const tableBroken = ['plain', 'template'].filter((run) => queueTable?.[run].problem);
		for (const run of tableBroken)
			console.error(`✗ queue-table, ${run}: ${queueTable[run].problem}`);
		const failed = broken.length + ledgerBroken.length + tableBroken.length;
		return failed > 0 || download?.problem ? 1 : 0;
	} finally {
		await emulator.stop();
	}
}

/** The callback rows' workflows `chosen` (by the key of ROWS, without `queue-`), each with its anchor. */
function callbackPairs(flows, chosen) {
	return [
		...(chosen('callback')
			? [{ shape: 'executions', flows: { package: flows.callback, anchor: flows.anchor } }]
			: []),
		...(chosen('callback-batch')
			? [{ shape: 'batch', flows: { package: flows.callbackBatch, anchor: flows.anchorBatch } }]
			: []),
	];
}

/** N8N_EXPRESSION_ENGINE set to `engine`, or n8n's default when undefined. */
const engineEnv = (engine) => (engine ? { N8N_EXPRESSION_ENGINE: engine } : {});

/** The callback rows on one `n8n start` per engine, each duration's anchor and package rows. */
async function callbacksOnStart(emulator, pairs, opts) {
	const rows = [];
	for (const engine of opts.engines)
		rows.push(
			...(await callbackRows(emulator, {
				userFolder: USER_FOLDER,
				pairs,
				tasks: opts.tasks,
				durations: opts.durations,
				engine,
				env: opts.n8nEnv,
				cpuSplit: opts.cpuSplit,
				log,
			})),
		);
	return rows;
}

/** The rows of every duration of the two `n8n execute` workflows. */
async function batches(emulator, flows, opts) {
	const rows = [];
	for (const seconds of opts.durations) {
		rows.push(
			await batch(
				emulator,
				flows.loop,
				'Done',
				'HTTP Request loop (Wait 2 s)',
				opts.tasks,
				seconds,
			),
		);
		rows.push(
			await batch(
				emulator,
				flows.nodes,
				'Wait For Task',
				'Create Video → Wait For Task',
				opts.tasks,
				seconds,
			),
		);
	}
	return rows;
}

const SPREAD_WORKFLOWS = [
	{ name: 'HTTP Request loop (Wait 2 s)', file: 'http-loop.json', key: 'Loop', lastNode: 'Done' },
	{
		name: 'Create Video → Wait For Task',
		file: 'package-nodes.json',
		key: 'Node',
		lastNode: 'Wait For Task',
	},
];

/**
 * The polling workflows once per batch size of the uneven rows, each its own workflow (the Prompts
 * node makes `tasks` items) with its own ids: workflow `ugSpread<Loop|Node><tasks>`, and node,
 * version and webhook ids whose fourth group names the variant.
 */
function spreadWorkflows(values, opts) {
	return opts.spreadTasks.flatMap((tasks, size) =>
		SPREAD_WORKFLOWS.map((w, index) => {
			const variant = (size * SPREAD_WORKFLOWS.length + index + 1).toString(16).padStart(3, '0');
			const flow = workflow(w.file, { ...values, TASKS: tasks }, (text) =>
				text.replaceAll('-4000-8000-', `-4000-8${variant}-`),
			);
			const id = `ugSpread${w.key}${String(tasks).padStart(16 - 8 - w.key.length, '0')}`;
			return { ...w, tasks, flow: { ...flow, id, name: `${flow.name}, ${tasks} uneven tasks` } };
		}),
	);
}

/** The polling workflows on uneven tasks, in `n8n execute` (regular mode), at each batch size. */
async function spreadRows(emulator, flows, opts) {
	const rows = [];
	for (const { name, lastNode, tasks, flow } of flows) {
		log(`${name}: ${tasks} uneven tasks (regular mode)…`);
		rows.push(
			await spreadRow(emulator, {
				name,
				mode: 'regular',
				tasks,
				spread: opts.spread,
				lastNode,
				execute: ({ watch }) => executeOnce(flow, tasks, opts.spread, watch),
			}),
		);
	}
	return rows;
}

/** `n8n execute` of an imported workflow, its process's memory watched. */
async function executeOnce(flow, tasks, spread, watch) {
	const r = await executeWorkflow(flow.id, {
		userFolder: USER_FOLDER,
		timeoutMs: (spread.medianSeconds * spread.maxFactor * 3 + 300 + tasks / 2) * 1000,
		onSpawn: (child) => watch(child.pid),
	});
	const problem =
		r.code !== 0 || r.timedOut
			? `n8n exit ${r.signal ?? r.code}: ${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-5).join(' | ')}`
			: undefined;
	// Exit 0 without a readable run: its printed JSON was cut short; spreadRow reads the emulator's log instead.
	return { run: r.run, problem };
}

/** One workflow on a fresh emulator whose tasks take `seconds`. */
async function batch(emulator, flow, lastNode, name, tasks, seconds) {
	await emulator.control('/reset', {});
	await emulator.control('/settings', { taskDurationMs: seconds * 1000 });
	log(`${name}: ${tasks} tasks of ${seconds} s…`);
	const r = await executeWorkflow(flow.id, {
		userFolder: USER_FOLDER,
		timeoutMs: (seconds * 10 + 300) * 1000,
	});
	const requests = measureRequests(await emulator.control('/requests'), {
		tasks,
		durationMs: seconds * 1000,
	});
	const delivered = deliveredTasks(r.run, lastNode);
	const problem =
		r.code !== 0 || !r.run
			? `n8n exit ${r.signal ?? r.code}: ${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-5).join(' | ')}`
			: lostOrTwice(requests, delivered, tasks);
	return { name, seconds, ...requests, ...delivered, problem };
}

/** Wait For Task downloads one result of `mb` MB (streamed from a local host) in filesystem binary mode. */
async function largeDownload(emulator, flow, mb) {
	const bytes = mb * 1024 * 1024;
	const sampler = memorySampler();
	const host = await startFileHost({
		bytes,
		onRequest: () => sampler.start(),
		onDone: () => sampler.stop(),
	});
	try {
		await emulator.control('/reset', {});
		const now = Date.now();
		// The emulator's own outputs are small: a completed task whose output is the large file stands in for one.
		const body = {
			taskId: LARGE_TASK_ID,
			orderId: 'bench-order',
			model: 'sd2',
			status: 'COMPLETED',
			creditsUsed: 0,
			output: [{ url: host.url, width: 1920, height: 1080 }],
			error: null,
			createTime: now - 5000,
			completeTime: now,
		};
		await emulator.control('/faults', {
			path: '/api/v1/jobs/queryTask',
			method: 'GET',
			count: 100,
			status: 200,
			body,
		});
		log(`Wait For Task downloads a ${mb} MB result (filesystem binary mode)…`);
		const r = await executeWorkflow(flow.id, {
			userFolder: USER_FOLDER,
			env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' },
			timeoutMs: 600_000,
			onSpawn: (child) => sampler.watch(child.pid),
		});
		const item = r.run?.data?.resultData?.runData?.['Wait For Task']?.[0]?.data?.main?.[0]?.[0];
		const file = item?.binary?.data && binaryFilePath(USER_FOLDER, item.binary.data);
		const stored = file ? fs.statSync(file).size : 0;
		if (file) fs.rmSync(file);
		const problem =
			stored === bytes
				? undefined
				: `stored ${stored} of ${bytes} bytes (${item?.json?.error ?? `n8n exit ${r.code}`})`;
		return { mb, growth: sampler.growth(), problem };
	} finally {
		await host.close();
	}
}

/** Milliseconds to require every node and credential of the installed package in a fresh Node 24, n8n-workflow already loaded (as in n8n), median of 5. */
function loadTime() {
	const installed = path.join(
		USER_FOLDER,
		'.n8n',
		'nodes',
		'node_modules',
		'n8n-nodes-unified-generation',
	);
	const script = `require('n8n-workflow');
const { n8n } = require('./package.json');
const started = process.hrtime.bigint();
for (const file of [...n8n.credentials, ...n8n.nodes]) for (const Type of Object.values(require(require('path').resolve(file)))) new Type();
console.log(Number(process.hrtime.bigint() - started) / 1e6);`;
	const runs = Array.from({ length: 5 }, () =>
		Number(execFileSync(NODE_BIN, ['-e', script], { cwd: installed, encoding: 'utf8' }).trim()),
	);
	return runs.sort((a, b) => a - b)[2];
}

function report(opts, rows, download, loadMs) {
	const pad = (text, width) => String(text).padEnd(width);
	const lines = [
		'',
		`Benchmark ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (load average now ${os.loadavg()[0].toFixed(1)}), n8n in .cache/n8n, ${opts.tasks} tasks per batch`,
		`${pad('workflow', 32)}${pad('engine', 10)}${pad('T', 6)}${pad('span / T', 10)}${pad('creating / T', 14)}${pad('late / T', 10)}${pad('queries/task', 14)}${pad('createTask', 12)}n8n execution`,
		...rows.map(
			(row) =>
				`${pad(row.name, 32)}${pad(row.engine?.split(/[ ,]/)[0] ?? '', 10)}${pad(`${row.seconds} s`, 6)}${pad(row.span.toFixed(2), 10)}${pad(row.creating.toFixed(2), 14)}${pad(row.lateness.toFixed(3), 10)}${pad(row.queriesPerTask.toFixed(2), 14)}${pad(row.creates, 12)}${Number.isFinite(row.executionMs) ? `${(row.executionMs / 1000).toFixed(1)} s` : 'not finished'}`,
		),
		...callbackNotes(rows),
		...anchorLines(rows),
		...cpuSplitLines(rows),
		download
			? `peak RSS growth of n8n while Wait For Task downloads ${download.mb} MB (filesystem mode): ${(download.growth / 1024 / 1024).toFixed(1)} MB`
			: 'large download: skipped',
		loadMs === undefined
			? 'load time: skipped'
			: `require + construct all nodes and credentials (Node 24, n8n-workflow loaded): ${loadMs.toFixed(1)} ms`,
	];
	console.log(lines.join('\n'));
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(`✗ ${error.message}`);
		process.exit(1);
	},
);
