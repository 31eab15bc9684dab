// The benchmark's `ledger` rows: what the Create nodes' bookkeeping in n8n's deduplication store
// (nodes/shared/ledger) costs beside the creates themselves. Create Video alone (no wait), Parallel
// Submissions 4, on N rows of distinct prompts, Skip Items Already Created off and on, at
// the emulator's speed and with every create held 250 ms (nearer a real service's create time).
// The node logs its cost in one line at n8n's log level debug (`nodes/shared/ledger/cost.ts`); this row runs
// `n8n execute` at that level and reads the line from n8n's output. Plain Node ESM.
import os from 'node:os';

import { executeExitCode, exitAsMeant } from '../../scripts/n8n/exit-segfault.mjs';
import { parseJsonOutput, runN8n } from '../../scripts/n8n/run.mjs';
import { deliveredTasks } from './measure.mjs';

const CREATE = '/api/v1/jobs/createTask';
const NODE = 'Create Video';

/** The emulator keeps this many requests (test/emulator/control/request-log.ts). */
const REQUEST_LOG_SIZE = 10_000;

/** The goals: the bookkeeping costs at most this share of the creates' own time, Skip off and on. */
export const LEDGER_GOAL_PERCENT = { off: 2, on: 5 };
const goalOf = (row) => LEDGER_GOAL_PERCENT[row.skip ? 'on' : 'off'];

/** How long the emulator holds each create in the held runs. */
export const HELD_CREATE_MS = 250;

/**
 * The runs: each size of `sizes` at the emulator's speed, then each of `held` with every create
 * held HELD_CREATE_MS; Skip off, then on, then Skip off with a Daily Credit Cap (its reservations'
 * cost beside the same batch without it), for each.
 * @param {{ sizes: number[], held: number[] }} opts
 */
export function ledgerRuns({ sizes, held }) {
	return [
		...sizes.map((rows) => ({ rows, delayMs: 0 })),
		...held.map((rows) => ({ rows, delayMs: HELD_CREATE_MS })),
	].flatMap((run) => [
		{ ...run, skip: false },
		{ ...run, skip: true },
		{ ...run, skip: false, cap: true },
	]);
}

/** The cap of the capped runs: far above what they spend, so it costs its reservations and refuses nothing. */
const CAP_PER_ROW = 1000;

/**
 * Each run's own workflow: `base` (package-nodes.json with the run's rows) without Wait For Task,
 * Create Video not waiting, Skip as the run says. Its own workflow id and node ids, so the
 * store's records (keyed by workflow and node id) start empty and Skip on finds no earlier run.
 * @param {(rows: number) => any} base
 * @param {ReturnType<typeof ledgerRuns>} runs
 */
export function ledgerWorkflows(base, runs) {
	return runs.map((run, index) => {
		const variant = (index + 1).toString(16).padStart(3, '0');
		// the spread rows' ids vary the fourth group as 8xxx; these as 9xxx
		const flow = JSON.parse(
			JSON.stringify(base(run.rows)).replaceAll('-4000-8000-', `-4000-9${variant}-`),
		);
		const create = flow.nodes.find((node) => node.name === NODE);
		create.parameters = {
			...create.parameters,
			waitForCompletion: 'none',
			...(run.skip ? { batchOptions: { skipCreated: true } } : {}),
			...(run.cap ? { batchOptions: { dailyCreditCap: run.rows * CAP_PER_ROW } } : {}),
		};
		const lastNode = flow.connections[NODE].main[0][0].node;
		flow.nodes = flow.nodes.filter((node) => node.name !== lastNode);
		delete flow.connections[NODE];
		return {
			...run,
			flow: {
				...flow,
				id: `ugLedger${String(index + 1).padStart(8, '0')}`,
				name: `Benchmark: ledger, ${run.rows} rows, Skip ${run.skip ? 'on' : 'off'}${run.cap ? ', Daily Credit Cap' : ''}${run.delayMs ? `, creates held ${run.delayMs} ms` : ''}`,
			},
		};
	});
}

/** What n8n's console puts before each line at level debug: its time (group 1) and level. */
const DEBUG_PREFIX = '^(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z) \\| \\w+ *\\| ';

/**
 * n8n's console output at level debug without what that level adds to each line: a time and level
 * before it, `{"file":…,"function":…}` after it (so the printed run is plain JSON again).
 * @param {string} text
 */
export function plainOutput(text) {
	return text
		.replace(new RegExp(DEBUG_PREFIX, 'gm'), '')
		.replace(/ \{"file":"[^"]*","function":"[^"]*"\}$/gm, '');
}

/**
 * The node's cost line, e.g. `Create Video: ledger: 1000 creates waited 812 ms for the store
 * (251 calls, 790 ms in the store, 0 ms settling), 4.06% of the 20010 ms the creates took`,
 * and when n8n logged it (`at`, ms; the node logs it once the last records are written).
 * @param {string} output n8n's stdout and stderr
 */
export function parseLedgerLine(output, node = NODE) {
	const pattern = new RegExp(
		`(?:${DEBUG_PREFIX})?${node}: ledger: (\\d+) creates waited (\\d+) ms for the store \\((\\d+) calls, (\\d+) ms in the store, (\\d+) ms settling\\), ([\\d.]+)% of the (\\d+) ms the creates took`,
		'gm',
	);
	const found = [...output.matchAll(pattern)];
	if (found.length === 0) return undefined;
	const [line, time, creates, waitMs, calls, storeMs, settleMs, percent, createMs] = found.at(-1);
	return {
		line: line.replace(new RegExp(DEBUG_PREFIX), ''),
		lines: found.length,
		at: time ? Date.parse(time) : undefined,
		...Object.fromEntries(
			Object.entries({ creates, waitMs, calls, storeMs, settleMs, percent, createMs }).map(
				([key, value]) => [key, Number(value)],
			),
		),
	};
}

/**
 * The Daily Credit Cap's line (nodes/shared/create/daily-cap.ts), e.g. `Create Video: daily cap:
 * 1000 creates, 3 store calls, 212 ms reserving and giving back`.
 * @param {string} output n8n's stdout and stderr
 */
export function parseCapLine(output, node = NODE) {
	const pattern = new RegExp(
		`${node}: daily cap: (\\d+) creates, (\\d+) store calls, (\\d+) ms reserving and giving back`,
		'g',
	);
	const found = [...output.matchAll(pattern)].at(-1);
	if (!found) return undefined;
	const [, creates, calls, ms] = found.map(Number);
	return { creates, calls, ms };
}

/**
 * Runs every workflow of ledgerWorkflows once, in `n8n execute` on a freshly reset emulator.
 * @param {{ control: (path: string, body?: unknown) => Promise<any> }} emulator
 * @param {{ userFolder: string, workflows: ReturnType<typeof ledgerWorkflows>, log: (line: string) => void }} opts
 */
export async function ledgerRows(emulator, { userFolder, workflows, log }) {
	const rows = [];
	for (const run of workflows) {
		await emulator.control('/reset', {});
		// 10,000 videos outrun the demo account's million credits: the bench measures, it does not bill
		await emulator.control('/accounts', { apiKey: 'demo-key', credits: 1e10 });
		if (run.delayMs)
			await emulator.control('/faults', { path: CREATE, delayMs: run.delayMs, count: run.rows });
		log(`${run.flow.name}…`);
		const started = Date.now();
		const exited = await runN8n(['execute', `--id=${run.flow.id}`, '--rawOutput'], {
			userFolder,
			// Only these runs log at level debug, where the node prints its ledger line (n8n's
			// default is info); every other row keeps n8n's defaults.
			env: { N8N_LOG_LEVEL: 'debug' },
			timeoutMs: (600 + run.rows * (0.5 + run.delayMs / 1000)) * 1000,
		});
		const processMs = Date.now() - started;
		const printed = parseJsonOutput(plainOutput(exited.stdout));
		const r = { ...exitAsMeant(exited, executeExitCode(printed)), run: printed };
		const requests = await emulator.control(`/requests?path=${CREATE}`);
		const tasks = (await emulator.control('/tasks')).length;
		rows.push(measure(run, r, { processMs, requests, tasks }));
	}
	return rows;
}

function measure(run, r, { processMs, requests, tasks }) {
	const creates = requests.filter((entry) => entry.method === 'POST');
	const times = creates.map((entry) => entry.time);
	const prompts = creates.map((entry) => entry.body?.inputs?.prompt);
	const ledger = parseLedgerLine(`${r.stdout}\n${r.stderr}`);
	const cap = run.cap ? parseCapLine(`${r.stdout}\n${r.stderr}`) : undefined;
	const failed = r.code !== 0 || r.timedOut || r.run?.data?.resultData?.error;
	const row = {
		rows: run.rows,
		skip: run.skip,
		cap,
		capped: run.cap === true,
		delayMs: run.delayMs,
		// n8n's printed run of a large batch can be cut short: then the process's time stands in
		executionMs: r.run ? deliveredTasks(r.run, NODE).executionMs : undefined,
		processMs,
		// other work on the machine shows in every figure
		load: os.loadavg()[0],
		spanMs: times.length ? Math.max(...times) - Math.min(...times) : undefined,
		// the ledger's last records (close), which the line's share leaves out, and the last answer
		afterMs: ledger?.at && times.length ? ledger.at - Math.max(...times) : undefined,
		// every task comes from a logged create: fewer creates than tasks means the log dropped some
		trimmed: requests.length >= REQUEST_LOG_SIZE && creates.length < tasks,
		creates: creates.length,
		tasks,
		createdTwice: prompts.length - new Set(prompts).size,
		ledger,
	};
	row.problem = failed
		? `n8n exit ${r.signal ?? r.code}${r.timedOut ? ' (timed out)' : ''}: ${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-5).join(' | ')}`
		: wrongCount(row);
	return row;
}

/** Exactly one create per row: the log's count (the emulator's tasks when the log dropped some), none repeated. */
function wrongCount(row) {
	const received = row.trimmed ? row.tasks : row.creates;
	if (received === row.rows && row.createdTwice === 0 && row.tasks === row.rows) return undefined;
	return `${received} creates (${row.createdTwice} prompts repeated, ${row.tasks} tasks) for ${row.rows} rows`;
}

/** The rows' table; a missing or inconsistent ledger line is named under it. */
export function ledgerReport(rows) {
	if (rows.length === 0) return [];
	const columns = [
		['rows', 7, (row) => row.rows],
		['Skip', 10, (row) => (row.skip ? 'on' : row.capped ? 'off, cap' : 'off')],
		['create held', 13, (row) => (row.delayMs ? `${row.delayMs} ms` : 'no')],
		[
			'n8n execution',
			15,
			(row) => seconds(row.executionMs ?? row.processMs, row.executionMs === undefined ? '*' : ''),
		],
		['creates span', 14, (row) => seconds(row.spanMs, row.trimmed ? '†' : '')],
		['after last', 12, (row) => ms(row.afterMs)],
		['store calls', 13, (row) => row.ledger?.calls ?? 'n/a'],
		['in store', 12, (row) => ms(row.ledger?.storeMs)],
		['per call', 10, (row) => perCall(row.ledger)],
		['settling', 12, (row) => ms(row.ledger?.settleMs)],
		["lanes' wait", 13, (row) => ms(row.ledger?.waitMs)],
		["creates' time", 15, (row) => ms(row.ledger?.createMs)],
		['share', 11, (row) => share(row.ledger?.percent, goalOf(row))],
		['cap calls', 11, (row) => row.cap?.calls ?? ''],
		['cap time', 10, (row) => (row.cap ? ms(row.cap.ms) : '')],
		['createTask', 12, (row) => (row.trimmed ? row.tasks : row.creates)],
		['load', 0, (row) => row.load.toFixed(1)],
	];
	const line = (cells) => cells.map((cell, i) => String(cell).padEnd(columns[i][1])).join('');
	const lines = [
		'',
		`Ledger (paid-once bookkeeping): Create Video, no wait, Parallel Submissions 4, n8n log level debug; goal: share <= ${LEDGER_GOAL_PERCENT.off}% of the creates' time with Skip off, ${LEDGER_GOAL_PERCENT.on}% with Skip on`,
		line(columns.map(([title]) => title)),
		...rows.map((row) => line(columns.map(([, , cell]) => cell(row)))),
		"after last: from the last createTask to the node's ledger line (its last records; the share leaves them out)",
	];
	lines.push(...skipOnAgainstOff(rows), ...cappedAgainstOff(rows));
	if (rows.some((row) => row.executionMs === undefined))
		lines.push("* n8n's printed run was cut short: the n8n process's whole time instead");
	if (rows.some((row) => row.trimmed))
		lines.push(
			`† the emulator's request log holds its last ${REQUEST_LOG_SIZE} requests: the span misses the first creates (createTask counts the emulator's tasks)`,
		);
	for (const row of rows) {
		const name = `${row.rows} rows, Skip ${row.skip ? 'on' : 'off'}${row.capped ? ', cap' : ''}${row.delayMs ? `, held ${row.delayMs} ms` : ''}`;
		if (row.capped && !row.cap) lines.push(`! ${name}: no daily cap line in n8n's output`);
		if (!row.ledger) lines.push(`! ${name}: no ledger line in n8n's output`);
		else if (row.ledger.lines !== 1 || row.ledger.creates !== row.rows)
			lines.push(
				`! ${name}: ${row.ledger.lines} ledger lines, the last counting ${row.ledger.creates} creates for ${row.rows} rows`,
			);
	}
	return lines;
}

/** The issue's goal: a Skip-on batch takes at most this much longer than the same batch with Skip off. */
export const SKIP_ON_GOAL = 1.05;

/** Each Skip-on row's n8n execution against the Skip-off row of the same size and create time. */
function skipOnAgainstOff(rows) {
	const timeOf = (row) => row.executionMs ?? row.processMs;
	return rows.flatMap((on) => {
		const off = plainRow(rows, on);
		if (!on.skip || !off) return [];
		const ratio = timeOf(on) / timeOf(off);
		const held = on.delayMs ? `, creates held ${on.delayMs} ms` : '';
		return [
			`Skip on / Skip off, ${on.rows} rows${held}: ${ratio.toFixed(2)} x${ratio <= SKIP_ON_GOAL ? '' : ` > ${SKIP_ON_GOAL}`}`,
		];
	});
}

/** The Skip-off row without a cap of the same size and create time as `row`. */
const plainRow = (rows, like) =>
	rows.find(
		(row) => !row.skip && !row.capped && row.rows === like.rows && row.delayMs === like.delayMs,
	);

/** What the Daily Credit Cap costs: each capped row's execution against the same batch without it. */
function cappedAgainstOff(rows) {
	const timeOf = (row) => row.executionMs ?? row.processMs;
	return rows.flatMap((capped) => {
		const off = plainRow(rows, capped);
		if (!capped.capped || !off) return [];
		const held = capped.delayMs ? `, creates held ${capped.delayMs} ms` : '';
		const perCreate = capped.cap ? (capped.cap.ms / capped.rows).toFixed(2) : 'n/a';
		return [
			`Daily Credit Cap / none, ${capped.rows} rows${held}: ${(timeOf(capped) / timeOf(off)).toFixed(2)} x; ${capped.cap?.calls ?? 'n/a'} store calls for ${capped.rows} creates, ${perCreate} ms per create`,
		];
	});
}

const perCall = (ledger) =>
	ledger?.calls ? `${(ledger.storeMs / ledger.calls).toFixed(1)} ms` : 'n/a';
const seconds = (value, mark = '') =>
	value === undefined || Number.isNaN(value) ? 'n/a' : `${(value / 1000).toFixed(1)} s${mark}`;
const ms = (value) => (value === undefined ? 'n/a' : `${value} ms`);
const share = (percent, goal) =>
	percent === undefined ? 'n/a' : `${percent}%${percent <= goal ? '' : ' >'}`;
