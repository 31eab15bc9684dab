// Queue mode (Postgres, Redis, a main, 2 workers, a webhook process; this file's own stack), README's
// production recipe with 5 prompts: processes killed with SIGKILL (each with its task runners)
// while the paid tasks run, then started again. The emulator's request log counts the creates.
//
// - the main and both workers killed while the batch waits: no process holds it; the callbacks
//   reach the webhook process, the execution resumes on a new worker with all 5 results.
// - the webhook process killed while the callbacks arrive, back after the service gave up: at the
//   Timeout the main resumes the execution with the 5 ids, and Wait For Task delivers the results.
// - the production queue template (examples/video-queue.json) on Postgres: two runs at once on the
//   workers, both workers killed during the wait; the next run finishes every row, one create each.
// - a Daily Credit Cap under overlap: 20 executions at once against 10 tasks' worth, and a flood of
//   1,000 one-item webhook executions against 50 tasks' worth (docs/production.md, the bound).
import fs from 'node:fs';
import path from 'node:path';

import { createProgress } from '../../scripts/lib/progress.mjs';
import { builtPackage } from '../../scripts/n8n/community-package.mjs';
import { DEMO_OWNER, login } from '../../scripts/n8n/instance.mjs';
import { ensureN8n } from '../../scripts/n8n/install.mjs';
import { REPO_CACHE_DIR } from '../../scripts/n8n/paths.mjs';
import { startQueueServices, startQueueStack, workersListening } from '../../scripts/n8n/queue.mjs';
import { freePort } from '../../scripts/n8n/run.mjs';
import { itemsOf } from '../e2e/context.mjs';
import { crashGroup, productionWorkflow, runIn, sleep, until } from './crash.mjs';
import { cappedWorkflow, flood, tally } from './daily-cap.mjs';
import {
	callbacksGivenUp,
	control,
	createdSince,
	createsOf,
	createsPerRow,
	emu,
	expectLoggedIds,
	promptsFor,
	recipe,
	taskIds,
} from './workflows.mjs';
import {
	ROOMY,
	freshTable,
	overlappingRuns,
	queuePrompts,
	queueWorkflow,
	rowsFor,
	statuses,
	tableRows,
} from './video-queue.mjs';

const DIR = path.join(REPO_CACHE_DIR, 'durable-queue');
const { log } = createProgress({
	write: (line) => process.stdout.write(`[durable-queue] ${line}\n`),
});

let services;
let stack;
let n8n;
let settings;

beforeAll(async () => {
	settings = await control('/settings');
	fs.rmSync(DIR, { recursive: true, force: true });
	services = await startQueueServices({
		dir: DIR,
		postgresPort: await freePort(),
		redisPort: await freePort(),
		scratch: true,
		log,
	});
	stack = await startQueueStack({
		n8n: await ensureN8n({ log }),
		services,
		dir: DIR,
		instance: {
			tarball: (await builtPackage({ build: false })).tarball,
			emulatorUrl: emu.url,
			workflows: [],
		},
		log,
	});
	const session = await login(stack.main.baseUrl, DEMO_OWNER);
	// REST calls go to the main; the production webhook (and every resume URL) to the webhook process.
	n8n = { request: session.request, webhookBase: stack.webhooks[0].baseUrl };
}, 10 * 60_000);

afterAll(async () => {
	await control('/settings', settings);
	await stack?.stop();
	await services?.stop();
});

/** Everything the stack's processes printed, in every life (their log files). */
const stackLog = () =>
	fs
		.readdirSync(stack.logsDir)
		.map((name) => fs.readFileSync(path.join(stack.logsDir, name), 'utf8'))
		.join('\n');

/** Starts the workflow; resolves once the 5 creates are answered and the execution waits. */
async function startWaiting(workflow, prompts) {
	const executionId = await workflow.start();
	await until(
		async () => ((await createsOf(prompts)).length === prompts.length ? true : undefined),
		'the 5 creates',
	);
	await runIn(n8n, executionId, ['waiting'], 60_000);
	return executionId;
}

/** The files of a queue-mode run are in n8n's database: the item says so, and its size. */
function expectDelivered(items) {
	expect(items).toHaveLength(5);
	for (const item of items) {
		expect(item.json).toMatchObject({ status: 'COMPLETED' });
		expect(item.binary.data).toMatchObject({
			mimeType: 'video/mp4',
			id: expect.stringMatching(/^database:/),
		});
	}
}

test('the main and both workers killed while the batch waits: the execution resumes on a new worker with all 5 results, 5 creates', async () => {
	const prompts = promptsFor('queue, main and workers killed');
	await control('/settings', { taskDurationMs: 45_000 });
	const workflow = await productionWorkflow(
		n8n,
		'durable: queue, killed workers',
		prompts,
		recipe(10),
	);
	const executionId = await startWaiting(workflow, prompts);
	await sleep(500);
	await Promise.all([stack.main, ...stack.workers].map(crashGroup));
	const [main, ...workers] = await Promise.all(
		['main', 'worker-1', 'worker-2'].map((name) => stack.respawn(name)),
	);
	await workersListening(workers);
	n8n.request = (await login(main.baseUrl, DEMO_OWNER)).request;
	const done = await runIn(n8n, executionId, ['success', 'error', 'crashed'], 180_000);
	expect(done.status).toBe('success');
	expect(itemsOf(done, 'Create Video').map((item) => item.json.outcome)).toEqual(
		Array(5).fill('succeeded'),
	);
	expectDelivered(itemsOf(done, 'Wait For Task'));
	expect(await createsOf(prompts)).toHaveLength(5);
	expectLoggedIds(
		stackLog(),
		prompts,
		itemsOf(done, 'Create Video').map((item) => item.json.taskId),
	);
});

test("the webhook process killed while the callbacks arrive, back after the service's retries: at the Timeout the 5 ids go on and Wait For Task delivers the results, 5 creates", async () => {
	const prompts = promptsFor('queue, webhook process killed');
	await control('/settings', { taskDurationMs: 5000, webhookRetryDelaysMs: [100, 200, 300] });
	const workflow = await productionWorkflow(
		n8n,
		'durable: queue, killed webhook process',
		prompts,
		recipe(0.25),
	);
	const before = await taskIds();
	const executionId = await startWaiting(workflow, prompts);
	await crashGroup(stack.webhooks[0]);
	const ids = await createdSince(before);
	await until(() => callbacksGivenUp(ids), 'every callback and its 3 retries to fail');
	await stack.respawn('webhook-1');
	const done = await runIn(n8n, executionId, ['success', 'error', 'crashed'], 180_000);
	expect(done.status).toBe('success');
	expect(itemsOf(done, 'Create Video').map((item) => item.json.outcome)).toEqual(
		Array(5).fill('timedOut'),
	);
	expectDelivered(itemsOf(done, 'Wait For Task'));
	expect(await createsOf(prompts)).toHaveLength(5);
});

/** The rows' statuses once none is `new` or `sending`; a timeout names the statuses it saw. */
async function everyRowSent(table) {
	let seen = [];
	try {
		return await until(
			async () => {
				seen = statuses(await tableRows(n8n, table));
				return seen.every((status) => ['created', 'completed'].includes(status)) ? seen : undefined;
			},
			'every row sent',
			180_000,
		);
	} catch (error) {
		throw new Error(`${error.message}; rows: ${seen.join(', ')}`);
	}
}

test('the production queue template on Postgres: two runs at once on the workers, both killed during the wait; the next run finishes every row, one create per row', async () => {
	const prompts = queuePrompts('queue mode', 12);
	const table = await freshTable(n8n, rowsFor(prompts));
	const queue = await queueWorkflow(n8n, 'video-queue.json', { settings: ROOMY });
	// tasks of 90 s: a run that ends its creates early waits on the rows it found, and must not
	// finish them before the other run's last create (a loaded CI once closed a 30 s window)
	await control('/settings', { taskDurationMs: 90_000 });
	// creates held 4 s each keep the first run in its create loop while the second starts: 2 s
	// once left the loaded CI's second run, 22 s after the first claim, no row to claim
	for (const prompt of prompts)
		await control('/faults', {
			path: '/api/v1/jobs/createTask',
			bodyIncludes: prompt,
			delayMs: 4000,
		});
	const ids = await overlappingRuns(n8n, queue, table);
	const atKill = await everyRowSent(table);
	expect(atKill.filter((status) => status === 'created').length).toBeGreaterThan(0);
	await Promise.all(stack.workers.map(crashGroup));
	await workersListening(
		await Promise.all(['worker-1', 'worker-2'].map((name) => stack.respawn(name))),
	);
	await control('/settings', { taskDurationMs: settings.taskDurationMs });
	const { run } = await queue.run();
	expect(run.status).toBe('success');
	const rows = await tableRows(n8n, table);
	expect(statuses(rows)).toEqual(Array(12).fill('completed'));
	expect(new Set(rows.map((row) => row.claimedBy))).toEqual(new Set(ids));
	expect(await createsPerRow(prompts)).toEqual(Array(12).fill(1));
});

/**
 * The bound docs/production.md states for runs whose reservations overlap across processes: at most
 * (N - 1) x the largest run's reservation (here one task each) over the cap, N the runs at once.
 */
const overCap = (inFlight) => inFlight - 1;

test.each([
	['20 executions at once', 20, 20, 10],
	['a flood of 1,000 one-item webhook executions, 40 at a time', 1000, 40, 50],
])(
	'a Daily Credit Cap in queue mode, %s: every call answered, the service never creates more than the cap and the bound',
	async (what, calls, inFlight, tasksWorth) => {
		const tag = randomTag();
		const workflow = await cappedWorkflow(n8n, `durable: daily cap, ${what}`, tasksWorth);
		const prompts = Array.from({ length: calls }, (_, index) => `cap ${tag} ${index}`);
		const answers = await flood(workflow, prompts, inFlight);
		const { created, refused, other } = await tally(prompts, answers);
		log(`daily cap, ${what}: ${created} created, ${refused} refused, cap ${tasksWorth} tasks`);
		expect(other).toBe(0);
		expect(created + refused).toBe(calls);
		expect(created).toBeGreaterThan(0);
		expect(created).toBeLessThanOrEqual(tasksWorth + overCap(inFlight));
	},
	15 * 60_000,
);

const randomTag = () => Math.random().toString(36).slice(2, 8);
