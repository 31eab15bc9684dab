// Runs a plan of commands side by side: a step starts, in the plan's order, once the steps it
// `needs` passed, the steps it comes `after` ended, and one of its pool's slots is free (installs
// mostly wait on the network, suites on the CPU). Each step's output goes to its own log file, so
// side-by-side output never interleaves; a failed step prints the end of its log.
// Used by `npm test` (scripts/test-all.mjs). Plain Node ESM.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { own } from './child.mjs';

const TAIL_LINES = 80;

/**
 * @typedef {{ name: string, cmd: string[], pool: string, needs?: string[], after?: string[], env?: NodeJS.ProcessEnv }} Step
 * @typedef {{ name: string, status: 'passed' | 'failed' | 'skipped', start: number, seconds: number, why?: string, log?: string }} Outcome
 */

/**
 * @param {Step[]} plan
 * @param {{ slots: Record<string, number>, logDir: string, cwd: string, env: NodeJS.ProcessEnv, log: (line: string) => void, t0?: number }} opts
 * @returns {Promise<Outcome[]>} in the order the steps ended
 */
export async function runSteps(plan, opts) {
	assertPlan(plan, opts.slots);
	fs.mkdirSync(opts.logDir, { recursive: true });
	const t0 = opts.t0 ?? Date.now();
	const outcomes = new Map();
	const running = new Map();
	const waiting = [...plan];
	const ticker = setInterval(
		() => running.size && opts.log(`… running: ${[...running.keys()].join(', ')}`),
		60_000,
	);
	try {
		while (waiting.length || running.size) {
			for (const step of [...waiting]) {
				const state = readiness(step, outcomes, running, opts.slots);
				if (state === 'wait') continue;
				waiting.splice(waiting.indexOf(step), 1);
				if (state === 'ready') {
					running.set(step.name, { pool: step.pool, done: runStep(step, { ...opts, t0 }) });
				} else {
					outcomes.set(step.name, skipped(step, state, t0));
					opts.log(`– ${step.name} skipped: ${state}`);
				}
			}
			if (!running.size) {
				if (
					waiting.length &&
					waiting.every((s) => readiness(s, outcomes, running, opts.slots) === 'wait')
				)
					throw new Error(`the plan waits in a circle: ${waiting.map((s) => s.name).join(', ')}`);
				continue; // every waiting step was just skipped
			}
			const ended = await Promise.race([...running.values()].map((r) => r.done));
			running.delete(ended.name);
			outcomes.set(ended.name, ended);
		}
	} finally {
		clearInterval(ticker);
	}
	return [...outcomes.values()];
}

/** The steps a step waits for: those it needs (to pass) and those it comes after (to end). */
export const waitsOf = (step) => [...(step.needs ?? []), ...(step.after ?? [])];

function assertPlan(plan, slots) {
	const names = new Set(plan.map((s) => s.name));
	if (names.size !== plan.length) throw new Error('two steps share a name');
	for (const step of plan) {
		if (!slots[step.pool]) throw new Error(`step ${step.name}: pool ${step.pool} has no slots`);
		for (const other of waitsOf(step))
			if (!names.has(other))
				throw new Error(`step ${step.name} waits for ${other}, not in the plan`);
	}
}

/** 'ready', 'wait', or why the step cannot run. */
function readiness(step, outcomes, running, slots) {
	if (waitsOf(step).some((name) => !outcomes.has(name))) return 'wait';
	const failed = (step.needs ?? []).find((name) => outcomes.get(name).status !== 'passed');
	if (failed) return `${failed} did not pass`;
	const busy = [...running.values()].filter((r) => r.pool === step.pool).length;
	return busy < slots[step.pool] ? 'ready' : 'wait';
}

function skipped(step, why, t0) {
	return { name: step.name, status: 'skipped', start: (Date.now() - t0) / 1000, seconds: 0, why };
}

/** The steps running now: a Ctrl-C (or CI's stop) of `npm test` reaches each as a terminal's would. */
const live = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
	process.once(signal, async () => {
		await Promise.all([...live].map((owned) => owned.stop()));
		process.exit(130);
	});

/** One step in its own process group (so a stop reaches n8n and the services it started). */
async function runStep(step, { logDir, cwd, env, log, t0 }) {
	const file = path.join(logDir, `${step.name}.log`);
	const started = Date.now();
	log(`▶ ${step.name}: ${step.cmd.join(' ')}`);
	const out = fs.openSync(file, 'w');
	const child = spawn(step.cmd[0], step.cmd.slice(1), {
		cwd,
		env: { ...env, ...step.env },
		detached: true,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	const signalGroup = (signal) => {
		try {
			process.kill(-child.pid, signal);
		} catch {
			// gone already
		}
	};
	const owned = own(child, { send: signalGroup, stopSignal: 'SIGINT', graceMs: 15_000 });
	live.add(owned);
	const { code, signal, error } = await owned.exited;
	live.delete(owned);
	signalGroup('SIGKILL'); // what the step left running goes with it
	const seconds = (Date.now() - started) / 1000;
	const passed = code === 0 && !error;
	const why = passed ? undefined : (error?.message ?? `exited with ${signal ?? code}`);
	log(`${passed ? '✔' : '✘'} ${step.name} ${seconds.toFixed(0)} s${passed ? '' : `: ${why}`}`);
	if (!passed) log(tail(file));
	const status = passed ? 'passed' : 'failed';
	return { name: step.name, status, start: (started - t0) / 1000, seconds, why, log: file };
}

function tail(file) {
	const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
	const shown = lines.slice(-TAIL_LINES);
	const cut = lines.length - shown.length;
	const note = cut ? `  (${cut} earlier lines in ${file})\n` : '';
	return `${note}${shown.map((line) => `  │ ${line}`).join('\n')}`;
}
