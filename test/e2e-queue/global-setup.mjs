// Global set-up of the queue-mode suite: one stack for every test file, started as much in
// parallel as the steps allow: (build, n8n check, Postgres + Redis, emulator) → pack and import
// into Postgres → main, 2 workers and 2 webhook processes at once → owner login, trigger activated.
// What the tests need goes to a state file (STATE_FILE) and the processes' output to log files.
import fs from 'node:fs';
import path from 'node:path';

import { startEmulatorProcess } from '../../scripts/lib/emulator-process.mjs';
import { createProgress } from '../../scripts/lib/progress.mjs';
import { builtPackage } from '../../scripts/n8n/community-package.mjs';
import { ensureN8n } from '../../scripts/n8n/install.mjs';
import { DEMO_OWNER, loadExamples, login } from '../../scripts/n8n/instance.mjs';
import { REPO_ROOT } from '../../scripts/n8n/paths.mjs';
import { startQueueServices, startQueueStack } from '../../scripts/n8n/queue.mjs';
import { freePort } from '../../scripts/n8n/run.mjs';
import { E2E_EMULATOR_SETTINGS } from '../e2e/context.mjs';
import { QUEUE_DIR, STATE_FILE, fixtureWorkflows } from './paths.mjs';

export default async function globalSetup() {
	const t0 = Date.now();
	const { log, during } = createProgress({
		write: (line) => process.stdout.write(`[e2e-queue] ${line}\n`),
	});
	process.stdout.write('\n');
	const stops = [];
	globalThis.__QUEUE_STACK_STOP__ = async () => {
		for (const stop of stops.reverse()) await stop().catch(() => {});
	};
	try {
		await setUp({ log, during, stops });
		log(`Set-up done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
	} catch (error) {
		await globalThis.__QUEUE_STACK_STOP__(); // jest skips the teardown when the set-up fails
		throw error;
	}
}

async function setUp({ log, during, stops }) {
	fs.rmSync(QUEUE_DIR, { recursive: true, force: true });

	log('Building, checking n8n, starting Postgres, Redis and the emulator (side by side)…');
	const [pack, n8n, services, emulator] = await during('starting', () =>
		Promise.all([
			builtPackage(),
			ensureN8n({ log }),
			(async () =>
				startQueueServices({
					dir: QUEUE_DIR,
					postgresPort: await freePort(),
					redisPort: await freePort(),
					scratch: true,
					log,
				}).then((s) => (stops.push(s.stop), s)))(),
			(async () =>
				startEmulatorProcess({ port: await freePort() }).then((e) => (stops.push(e.stop), e)))(),
		]),
	);
	await emulator.control('/settings', E2E_EMULATOR_SETTINGS);
	log(
		`n8n ${n8n.n8nVersion}; Postgres on ${services.postgres.port}, ${services.redis.version.split(' sha')[0]} on ${services.redis.port}; emulator ${emulator.url}`,
	);

	const stack = await startQueueStack({
		n8n,
		services,
		dir: QUEUE_DIR,
		instance: {
			tarball: pack.tarball,
			emulatorUrl: emulator.url,
			workflows: [...loadExamples().map((e) => e.workflow), ...fixtureWorkflows()],
		},
		// two webhook processes, as behind a load balancer: the trigger suite sends a delivery to each
		webhookCount: 2,
		log,
		during,
	});
	stops.push(stack.stop);
	const { cookie } = await login(stack.main.baseUrl, DEMO_OWNER);

	fs.writeFileSync(
		STATE_FILE,
		JSON.stringify({
			mainUrl: stack.main.baseUrl,
			cookie,
			webhookUrls: stack.webhooks.map((w) => w.baseUrl),
			workers: stack.workers.map((w) => w.name),
			logsDir: stack.logsDir,
			emulatorUrl: emulator.url,
		}),
	);
	process.env.E2E_EMULATOR_URL = emulator.url;
	log(
		`Stack ready: main ${stack.main.baseUrl}, webhook ${stack.webhooks[0].baseUrl}, logs in ${path.relative(REPO_ROOT, stack.logsDir)}`,
	);
}
