// Where n8n's CPU went during one callback row (issue 45: the package's cost per callback against
// the anchor's): a V8 profile of `n8n start` over the row (cpu-profile.cjs), each sample charged to
// the package when a package frame is on its stack (grouped by the outermost such file: the
// create's run, the callback's webhook, the ledger…), else to the module running. A sample after an
// `await` shows only the resumed function, so work the package awaits inside n8n (its database,
// its expression engine) counts as n8n's: the package's share is a lower bound. The profile sees
// the JavaScript main thread only; the CPU of n8n's other threads (libuv's pool, where its SQLite
// queries run; V8's helpers; the expression sandbox's) is printed by thread name. Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SHAPES } from './callback.mjs';
import {
	counterGrowth,
	expressionCounters,
	expressionLine,
	metricsEnv,
} from './expression-metrics.mjs';
import { processSeconds, threadSeconds } from './proc-tree.mjs';

const PACKAGE = 'n8n-nodes-unified-generation';
const IDLE = new Set(['(idle)']);

/** The package file (under dist/) of a frame, or undefined when the frame is not the package's. */
const packageFile = (frame) => frame.url.split(`${PACKAGE}/dist/`)[1];

/** Who a sample's stack belongs to: `package: <file>`, else the nearest module on it (a native call's caller). */
function owner(stack) {
	const mine = stack.map(packageFile).filter(Boolean);
	if (mine.length) return `package: ${mine[mine.length - 1].replace(/\.js$/, '')}`;
	for (const frame of stack) {
		const module = frame.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
		if (module) return module[1];
		if (frame.url) return 'node';
	}
	return stack[0].functionName || '(native)';
}

/**
 * CPU seconds per owner in one profile, busiest first, with the package's total.
 * @param {string} file a .cpuprofile
 */
export function splitProfile(file) {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parentOf = new Map();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parentOf.set(child, node.id);
	const owners = new Map();
	const ownerOf = (id) => {
		if (!owners.has(id)) {
			const stack = [];
			for (let at = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at).callFrame);
			owners.set(id, IDLE.has(stack[0].functionName) ? undefined : owner(stack));
		}
		return owners.get(id);
	};
	const seconds = new Map();
	profile.samples.forEach((id, index) => {
		const who = ownerOf(id);
		const delta = (profile.timeDeltas[index + 1] ?? 0) / 1e6;
		if (who) seconds.set(who, (seconds.get(who) ?? 0) + delta);
	});
	const rows = [...seconds.entries()].sort((a, b) => b[1] - a[1]);
	const sum = (entries) => entries.reduce((total, [, s]) => total + s, 0);
	return {
		busy: sum(rows),
		package: sum(rows.filter(([who]) => who.startsWith('package: '))),
		rows,
	};
}

/** One line per callback row profiled (--cpu-split): its busy seconds, the package's share, the biggest owners. */
export const cpuSplitLines = (rows) => rows.filter((row) => row.cpuSplit).map(cpuSplitLine);

/** `[name, seconds]` pairs, the first `top` of them, as one list. */
const listed = (entries, top) =>
	entries
		.slice(0, top)
		.map(([name, value]) => `${name} ${value.toFixed(2)} s`)
		.join(', ');

function cpuSplitLine(row) {
	const split = row.cpuSplit;
	const executions = SHAPES[row.shape].executions(row.tasks);
	return `cpu split, ${row.name}, T = ${row.seconds} s, engine ${row.engine}: n8n main process busy ${split.busy.toFixed(2)} s, package on the stack ${split.package.toFixed(2)} s; ${listed(split.rows, 8)}; n8n's threads: ${listed(split.threads, 5)}; n8n's processes: ${listed(split.processes, 5)}; ${expressionLine(split.expressions, executions)}`;
}

/** What `n8n start` needs to load the profiler (cpu-profile.cjs), where it writes, and its counters. */
export function profilerEnv(userFolder) {
	const dir = path.join(path.resolve(userFolder), 'cpu-profiles');
	fs.mkdirSync(dir, { recursive: true });
	const hook = fileURLToPath(new URL('./cpu-profile.cjs', import.meta.url));
	return { NODE_OPTIONS: `--require ${hook}`, BENCH_PROFILE_DIR: dir, ...metricsEnv() };
}

/**
 * `run()` with n8n's process `pid` profiled from its start to its end (SIGUSR2 before and after):
 * answers the run's result as `row` and the profile's split, with the expression engine's counters
 * read at `baseUrl`.
 */
export function profiled(pid, dir, baseUrl) {
	return async (run) => {
		const before = new Set(fs.readdirSync(dir));
		const countersBefore = await expressionCounters(baseUrl);
		const threadsBefore = threadSeconds(pid);
		const processesBefore = processSeconds(pid);
		process.kill(pid, 'SIGUSR2');
		const row = await run();
		process.kill(pid, 'SIGUSR2');
		const threads = growth(threadsBefore, threadSeconds(pid));
		const processes = growth(processesBefore, processSeconds(pid));
		const expressions = counterGrowth(countersBefore, await expressionCounters(baseUrl));
		const file = await newProfile(dir, before);
		return { row, cpuSplit: { ...splitProfile(file), threads, processes, expressions } };
	};
}

/** Seconds by name gained from `before` to `now` (two maps), busiest first. */
const growth = (before, now) =>
	[...now]
		.map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)])
		.sort((a, b) => b[1] - a[1]);

/** The profile written after `before` was listed (within a minute: a big profile takes seconds). */
async function newProfile(dir, before) {
	for (const until = Date.now() + 60_000; Date.now() < until;) {
		const added = fs
			.readdirSync(dir)
			.find((name) => name.endsWith('.cpuprofile') && !before.has(name));
		if (added) return path.join(dir, added);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`n8n wrote no CPU profile in ${dir} within a minute of SIGUSR2`);
}
