// The benchmark's rows with uneven task times: the emulator draws each task's run time from a
// seeded log-normal spread (its median, its p99 and its cap as multiples of the median), and a row
// is measured against the batch's own limit, the slowest task's create time + run time: no wait can
// end before it. `spreadRow` does not care how the workflow runs: `n8n execute` here; a queue-mode
// runner passes its own `execute` (and the pids of its workers). Plain Node ESM.
import { residentBytes } from './large-download.mjs';
import { deliveredTasks, lostOrTwice, measureSpread } from './measure.mjs';

/** The spread of the bench's uneven rows unless flags say otherwise: median 10 s, p99 30 s, at most 60 s. */
export const DEFAULT_SPREAD = { medianSeconds: 10, p99Factor: 3, maxFactor: 6, seed: 1 };

/** The emulator keeps this many requests (test/emulator/control/request-log.ts). */
const REQUEST_LOG_SIZE = 100_000;

/** The targets the issue sets for these rows. */
export const SPREAD_TARGETS = { span: 1.02, checksPerTask: 2.5, growthMb: 150 };

/**
 * Runs one batch of `tasks` uneven tasks on a freshly reset emulator and measures it.
 * `execute({ watch })` runs the workflow to its end; it calls `watch(pid)` for every n8n process
 * whose memory counts (`n8n execute`'s, or a queue's workers), and answers `{ run, problem?,
 * endsAt? }`: `run` is an execution (`deliveredTasks` reads `lastNode` in it), `problem` a reason
 * the run failed, `endsAt` a time the batch's span reaches at least (a callback answered).
 * @param {{ control: (path: string, body?: unknown) => Promise<any> }} emulator
 * @param {{ name: string, mode: string, tasks: number, spread: typeof DEFAULT_SPREAD, lastNode: string,
 *   execute: (ctx: { watch: (pid: number) => void }) => Promise<{ run?: any, problem?: string, endsAt?: number }> }} row
 */
export async function spreadRow(emulator, { name, mode, tasks, spread, lastNode, execute }) {
	await emulator.control('/reset', {});
	await emulator.control('/settings', {
		taskDurationMs: spread.medianSeconds * 1000,
		taskDurationSpread: {
			p99Factor: spread.p99Factor,
			maxFactor: spread.maxFactor,
			seed: spread.seed,
		},
	});
	const memory = memoryTimeline();
	let result;
	try {
		result = await execute({ watch: memory.watch });
	} finally {
		memory.stop();
	}
	const log = await emulator.control('/requests');
	const measured = measureSpread(log, await emulator.control('/tasks'), {
		tasks,
		endsAt: result.endsAt,
	});
	// n8n's printed run of a large batch can be cut short at exit: then the emulator's log says
	// which tasks were read finished (the execution's own time is unknown).
	const delivered = result.run
		? deliveredTasks(result.run, lastNode)
		: {
				...Object.fromEntries(
					['delivered', 'distinct', 'completed'].map((k) => [k, measured.readDone]),
				),
				executionMs: NaN,
			};
	const overflow =
		log.length >= REQUEST_LOG_SIZE &&
		`the emulator's request log (last ${REQUEST_LOG_SIZE}) overflowed: the figures are incomplete`;
	const problem = result.problem || overflow || lostOrTwice(measured, delivered, tasks);
	return {
		name,
		mode,
		tasks,
		spread,
		...measured,
		...delivered,
		fromLog: !result.run,
		growth: memory.growthSince(measured.startedAt),
		problem,
	};
}

/** The spread rows' table, with the targets each figure is held to. */
export function spreadReport(rows) {
	if (rows.length === 0) return [];
	const pad = (text, width) => String(text).padEnd(width);
	const { medianSeconds, p99Factor, maxFactor, seed } = rows[0].spread;
	const mb = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
	const t = SPREAD_TARGETS;
	return [
		'',
		`Uneven task times: log-normal run times, median ${medianSeconds} s, p99 ${p99Factor * medianSeconds} s, at most ${maxFactor * medianSeconds} s, seed ${seed}`,
		`limit = the slowest task's create time + its run time, from the first createTask; targets: span / limit <= ${t.span}, checks/task <= ${t.checksPerTask}, n8n RSS growth <= ${t.growthMb} MB at 1000 tasks`,
		`${pad('workflow', 32)}${pad('mode', 9)}${pad('tasks', 7)}${pad('limit', 9)}${pad('span / limit', 14)}${pad('checks/task', 13)}${pad('createTask', 12)}${pad('RSS growth', 12)}n8n execution`,
		...rows.map(
			(row) =>
				`${pad(row.name, 32)}${pad(row.mode, 9)}${pad(row.tasks, 7)}${pad(`${(row.limitMs / 1000).toFixed(1)} s`, 9)}${pad(row.spanToLimit.toFixed(3), 14)}${pad(row.queriesPerTask.toFixed(2), 13)}${pad(row.creates, 12)}${pad(mb(row.growth), 12)}${row.fromLog ? "n/a (n8n's printed run was cut short; tasks counted from the emulator's log)" : `${(row.executionMs / 1000).toFixed(1)} s`}`,
		),
	];
}

/**
 * The resident memory of the watched processes, sampled every `everyMs`. `growthSince(time)` is
 * the largest growth of one process from its last sample at or before `time` (the batch's first
 * createTask: n8n is loaded by then) to its peak afterwards; undefined without samples.
 */
export function memoryTimeline(everyMs = 50) {
	const samples = new Map();
	const sample = () => {
		for (const [pid, list] of samples) {
			const rss = residentBytes(pid);
			if (rss !== undefined) list.push({ time: Date.now(), rss });
		}
	};
	const timer = setInterval(sample, everyMs);
	return {
		watch: (pid) => samples.has(pid) || samples.set(pid, []),
		stop: () => clearInterval(timer),
		growthSince(time) {
			const growths = [...samples.values()].map((list) => {
				const before = list.filter((s) => s.time <= time).at(-1) ?? list[0];
				const after = list.filter((s) => s.time >= time);
				return before && after.length
					? Math.max(...after.map((s) => s.rss)) - before.rss
					: undefined;
			});
			const known = growths.filter((g) => g !== undefined);
			return known.length ? Math.max(...known) : undefined;
		},
	};
}
