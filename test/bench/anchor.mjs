// The anchor of the callback rows (issue 43): the same tasks waited for with n8n's own nodes, an
// HTTP Request createTask whose callBackUrl is the execution's resume URL and a Wait node
// (Resume: On Webhook Call, POST) (workflows/anchor-callback.json; for one execution of N tasks,
// anchor-callback-batch.json loops the Wait through a Code node counting the tasks called back
// until all N are in). Each anchor row runs right after its package row, on the same n8n server,
// the same emulator settings and T: every task ends T after its create and is called back then,
// in both rows, and neither row shares the machine with the other. The package goes first, so
// what a fresh n8n server pays once (loading nodes, its first webhook calls) counts against it.
// Plain Node ESM.
import os from 'node:os';

import { SHAPES, callbackBatch, timesT } from './callback.mjs';
import { cpuSeconds, processEnv } from './proc-tree.mjs';

/** The two waits of a callback row, in the order they run: the row's name, the node whose output holds the tasks. */
export const WAITS = {
	package: { name: 'Create Video (callback wait)', node: 'Create Video' },
	anchor: { name: "n8n's Wait node (anchor)", node: 'Results' },
};

/** Where the package must stand against the anchor: its span at most this times the anchor's. */
export const ANCHOR_TARGET = 1.05;

/**
 * The expression engine an n8n process runs with: its N8N_EXPRESSION_ENGINE, else n8n's default,
 * and whether it builds a sandbox only when an expression needs one (lazy acquire).
 */
export function engineOf(pid) {
	const engine =
		processEnv(pid, 'N8N_EXPRESSION_ENGINE') ?? "vm (n8n's default, N8N_EXPRESSION_ENGINE unset)";
	const lazy = processEnv(pid, 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE') === 'true';
	return lazy ? `${engine}, lazy acquire` : engine;
}

/**
 * The package row, then the anchor row, of one shape and duration: each with the CPU seconds the
 * n8n processes of `pids()` used during it (the bench's own REST reads of n8n included) and the
 * machine's load average at its end.
 * @param {{ flows: { anchor: any, package: any }, pids: () => number[], engine: string } & Record<string, any>} batch
 * @param {number} seconds
 */
export async function anchoredRows(batch, seconds) {
	const rows = [];
	for (const wait of Object.keys(WAITS)) {
		const before = cpuSeconds(batch.pids());
		const run = () =>
			callbackBatch({ ...batch, flow: batch.flows[wait], wait: WAITS[wait] }, seconds);
		const { row, cpuSplit } = batch.profiled
			? await batch.profiled(run)
			: { row: await run(), cpuSplit: undefined };
		const cpu = cpuSeconds(batch.pids()) - before;
		rows.push({
			...row,
			wait,
			engine: batch.engine,
			cpuSeconds: cpu,
			cpuSplit,
			load: os.loadavg()[0],
		});
	}
	return rows;
}

/** One line per package row with its anchor: both spans, their ratio, n8n's CPU seconds. */
export function anchorLines(rows) {
	const anchors = rows.filter((row) => row.wait === 'anchor');
	return rows
		.filter((row) => row.wait === 'package')
		.map((row) => {
			const anchor = anchors.find((a) =>
				['shape', 'seconds', 'mode', 'engine'].every((key) => a[key] === row[key]),
			);
			return anchor ? anchorLine(row, anchor) : `${row.name}: no anchor row`;
		});
}

function anchorLine(row, anchor) {
	// an anchor that did not finish has no span to stand against
	const ratio = (a, b) => (anchor.problem || a === undefined ? 'none' : (a / b).toFixed(3));
	const cpu = (r) => `${r.cpuSeconds.toFixed(1)} s`;
	const span = (r) =>
		Number.isFinite(r.span) ? `${r.span.toFixed(3)} x T` : 'none (no callback answered 2xx)';
	const notes = [
		anchor.problem &&
			`anchor: ${anchor.problem}, ${anchor.callbacks.answered} of ${anchor.tasks} tasks' callbacks taken (2xx)`,
		row.createInputs !== anchor.createInputs &&
			`createTask differs: package ${row.createInputs}, anchor ${anchor.createInputs}`,
	].filter(Boolean);
	return [
		`anchor, ${SHAPES[row.shape].label(row.tasks)}, T = ${row.seconds} s, ${row.mode ?? 'regular'} mode, engine ${row.engine}, load average package ${row.load.toFixed(1)}, anchor ${anchor.load.toFixed(1)}:`,
		`last result after the first createTask: package ${timesT(row.resultSpan)}, anchor ${timesT(anchor.resultSpan)}, package / anchor ${ratio(row.resultSpan, anchor.resultSpan)};`,
		`span to the last callback answered: package ${span(row)}, anchor ${span(anchor)}, package / anchor ${ratio(row.span, anchor.span)} (target <= ${ANCHOR_TARGET});`,
		[`n8n CPU: package ${cpu(row)}, anchor ${cpu(anchor)}`, ...notes].join('; '),
	].join(' ');
}
