#!/usr/bin/env node
// `npm test`: every check and suite of the package, side by side where they do not share a folder
// or a port, so the whole run fits a CI budget (test/README.md). The n8n installs start at
// once (they mostly wait on the network); the package is built and packed once, and every suite
// installs that one tarball. Each step's output goes to .cache/test-run/<step>.log; a failed step
// prints its last lines, and the run ends with a table of every step's time.
//
//   npm test                 # everything (what .ci/run runs)
//   npm test -- --list       # the plan, without running it
//   npm run test:unit        # only the jest suites on n8n-core 2.x: the quick loop while coding
//
// Plain Node ESM.
import path from 'node:path';

import { isMain, parseOptions } from './lib/cli.mjs';
import { diskWarning } from './lib/disk.mjs';
import { createProgress } from './lib/progress.mjs';
import { runSteps, waitsOf } from './lib/steps.mjs';
import { PREBUILT_ENV } from './n8n/community-package.mjs';
import { REPO_CACHE_DIR, REPO_ROOT, RELEASE_ENV } from './n8n/paths.mjs';

const RUN_DIR = path.join(REPO_CACHE_DIR, 'test-run');
const PACK_RECORD = path.join(RUN_DIR, 'package.json');

/**
 * How many steps of each pool run at once: on two cores, two suites (or jest runs) side by side; the
 * installs beside them (they mostly wait on the network); one light step beside those: the
 * headless examples (an `n8n execute` per workflow) or the durable suite (n8n killed and started
 * again around tasks of 10-60 s), which mostly wait on the emulator's task clock (measured with
 * `/usr/bin/time`: under half a core each). Two light steps at once starved the browser suite on
 * CI (a canvas took over 30 s to draw, a queue-mode webhook answered after the service's 10 s).
 */
export const SLOTS = { net: 3, cpu: 2, light: 1 };

/**
 * What a whole run writes on a fresh machine (measured): three n8n installs (1.8-2.8 GB each), npm's
 * cache (1.1 GB), the project's node_modules (1.1 GB) and the suites' folders (1 GB).
 */
const DISK_NEEDED = 11 * 2 ** 30;

/** The longest step name, so the columns of --list and of the summary line up. */
const NAME_WIDTH = 28;

const FIRST_INSTALL = 'install n8n 2.40.7';
const npm = (script) => ['npm', 'run', script];
const install = (release) => ['node', 'scripts/n8n/install.mjs', '--n8n', release];
const examples = (release) => ['node', 'scripts/demo.mjs', '--headless', '--n8n', release];

/**
 * Every step, in the order they start when ready. The n8n installs run side by side (the 2.x ones
 * take turns only for the Node 24 runtime they share); e2e and durable have a user folder each.
 * @type {import('./lib/steps.mjs').Step[]}
 */
export const PLAN = [
	{ name: FIRST_INSTALL, pool: 'net', cmd: install('2.40.7') },
	{ name: 'install n8n 1.123.81', pool: 'net', cmd: install('1.123.81') },
	{ name: 'install n8n 2.41.1', pool: 'net', cmd: install('2.41.1') },
	// two at a time beside the installs (more at once slowed the installs, which every suite waits for)
	{ name: 'lint', pool: 'cpu', cmd: npm('lint') },
	{ name: 'lint workflows', pool: 'cpu', cmd: npm('lint:workflows') },
	{ name: 'format', pool: 'cpu', cmd: npm('format:check') },
	{ name: 'build and pack', pool: 'cpu', cmd: ['node', 'scripts/n8n/build-once.mjs', PACK_RECORD] },
	{ name: 'scan package', pool: 'cpu', cmd: npm('scan:package'), needs: ['build and pack'] },
	{ name: 'typecheck', pool: 'cpu', cmd: npm('typecheck') },
	// test/package reads dist/ and packs it
	{ name: 'jest (n8n-core 2.x)', pool: 'cpu', cmd: npm('test:unit'), needs: ['build and pack'] },
	{ name: 'jest (n8n-core 1.x)', pool: 'cpu', cmd: npm('test:n8n-v1') },
	// the suites in real n8n, the longest first in each pool (see suite())
	suite('browser on n8n 2.40.7', npm('test:browser'), FIRST_INSTALL),
	suite('e2e on n8n 2.40.7', npm('test:e2e'), FIRST_INSTALL),
	light(suite('durable on n8n 2.40.7', npm('test:durable'), FIRST_INSTALL)),
	// the queue template's file of the durable suite, in its own folder beside the one above
	light({
		...suite(
			'queue template on n8n 2.41.1',
			[...npm('test:durable'), '--', 'video-queue.durable'],
			'install n8n 2.41.1',
		),
		env: { [RELEASE_ENV]: '2.41.1', E2E_FOLDER: 'durable-n8n-2.41.1' },
	}),
	// the callback recipe once more on n8n's other expression engine, in its own folder
	light({
		...suite(
			'durable callbacks, QuickJS',
			[...npm('test:durable'), '--', 'regular.durable', '-t', 'production recipe'],
			FIRST_INSTALL,
		),
		env: { N8N_EXPRESSION_ENGINE: 'quickjs', E2E_FOLDER: 'durable-quickjs' },
	}),
	{
		...suite('e2e on n8n 2.41.1', npm('test:e2e'), 'install n8n 2.41.1'),
		env: { [RELEASE_ENV]: '2.41.1' },
	},
	suite('queue on n8n 2.40.7', npm('test:queue'), FIRST_INSTALL),
	light(suite('examples on n8n 1.123.81', examples('1.123.81'), 'install n8n 1.123.81')),
	light(suite('examples on n8n 2.40.7', examples('2.40.7'), FIRST_INSTALL)),
	light(suite('examples on n8n 2.41.1', examples('2.41.1'), 'install n8n 2.41.1')),
];

/** A step of the light pool. */
function light(step) {
	return { ...step, pool: 'light' };
}

/**
 * A suite that runs in a real n8n: it needs that n8n installed and the package built. Every suite
 * also waits for 2.40.7's install, so that another install ending a moment earlier does not give its
 * shorter suites the slots the longest ones (browser, durable) should take first.
 */
function suite(name, cmd, installStep) {
	return {
		name,
		pool: 'cpu',
		cmd,
		needs: [installStep, 'build and pack'],
		after: installStep === FIRST_INSTALL ? [] : [FIRST_INSTALL],
	};
}

const USAGE = `usage: npm test [-- --list]

Runs every check and suite (lint, format, types, the package scan, jest on n8n-core 2.x and 1.x,
the e2e, durable, queue and browser suites in real n8n, the examples on each tested n8n).
Logs: ${path.relative(REPO_ROOT, RUN_DIR)}/<step>.log`;

async function main() {
	const opts = parseOptions({ list: { type: 'boolean' }, help: { type: 'boolean' } }, USAGE);
	if (opts.help) return (console.log(USAGE), 0);
	if (opts.list) return (console.log(PLAN.map(describe).join('\n')), 0);
	const { log, seconds } = createProgress();
	log(`npm test: ${PLAN.length} steps, up to ${SLOTS.cpu} suites at once; logs in ${RUN_DIR}`);
	const disk = diskWarning(REPO_CACHE_DIR, DISK_NEEDED, 'a first `npm test`');
	if (disk) log(`warning: ${disk}`);
	const outcomes = await runSteps(PLAN, {
		slots: SLOTS,
		logDir: RUN_DIR,
		cwd: REPO_ROOT,
		env: { ...process.env, [PREBUILT_ENV]: PACK_RECORD },
		log,
	});
	console.log(`\n${summary(outcomes)}\nwall time ${seconds().toFixed(0)} s`);
	return outcomes.every((o) => o.status === 'passed') ? 0 : 1;
}

function describe(step) {
	const waits = waitsOf(step);
	return `${step.name.padEnd(NAME_WIDTH)} ${step.cmd.join(' ')}${waits.length ? `   (after ${waits.join(', ')})` : ''}`;
}

/** One line per step in plan order: its start, its time and how it ended. */
export function summary(outcomes) {
	const byName = new Map(outcomes.map((o) => [o.name, o]));
	const lines = PLAN.map((step) => byName.get(step.name)).map(
		(o) =>
			`${o.status.padEnd(8)} ${o.name.padEnd(NAME_WIDTH)} start ${o.start.toFixed(0).padStart(5)} s  took ${o.seconds.toFixed(0).padStart(5)} s${o.why ? `  (${o.why})` : ''}`,
	);
	return lines.join('\n');
}

if (isMain(import.meta.url)) {
	process.exitCode = await main().catch((error) => {
		console.error(error.stack ?? error);
		return 1;
	});
}
