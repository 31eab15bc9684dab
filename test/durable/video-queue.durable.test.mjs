// The production queue template (examples/video-queue*.json) in a real `n8n start`: prompts in an
// n8n Data Table, one run per schedule tick (a Webhook stands in for the Schedule Trigger), each
// row claimed, created, written back the moment its task exists, waited for by polling and
// finished in its row. The emulator's request log counts the creates per row.
import { itemsOf } from '../e2e/context.mjs';
import { n8nServer, sleep, until } from './crash.mjs';
import {
	ended,
	findTable,
	freshTable,
	overlappingRuns,
	queuePrompts,
	queueWorkflow,
	ROOMY,
	rowsFor,
	runsDuringCreates,
	statuses,
	tableRows,
} from './video-queue.mjs';
import { control, createsOf, createsPerRow } from './workflows.mjs';

const CREATE = '/api/v1/jobs/createTask';

/** n8n (started once) and the emulator's settings as the suite found them (put back at the end). */
const suite = {};
beforeAll(
	async () =>
		Object.assign(suite, { settings: await control('/settings'), server: await n8nServer() }),
	6 * 60_000,
);
afterAll(async () => {
	await control('/settings', suite.settings);
	await suite.server?.stop();
});

const summaryOf = (run) => itemsOf(run, 'Summary')[0].json;

test(
	'from an empty n8n: the setup workflow makes the table with 5 rows; one run creates, finishes and files all 5',
	async () => {
		const old = await findTable(suite.server);
		if (old) await suite.server.request('DELETE', old.base);
		const setup = await queueWorkflow(suite.server, 'video-queue-setup.json');
		expect((await setup.run()).run.status).toBe('success');
		const table = await findTable(suite.server);
		const prompts = (await tableRows(suite.server, table)).map((row) => row.prompt);
		expect(prompts).toHaveLength(5);

		const queue = await queueWorkflow(suite.server, 'video-queue.json');
		const { run } = await queue.run();
		expect(run.status).toBe('success');
		const rows = await tableRows(suite.server, table);
		expect(statuses(rows)).toEqual(Array(5).fill('completed'));
		for (const row of rows) {
			expect(row.taskId).toMatch(/^task_/);
			expect(row.creditsUsed).toBe(row.estimate);
			expect(row.resultUrl).toMatch(/^http.*\.mp4$/);
			expect(row.error).toBe('');
		}
		const videos = itemsOf(run, 'Videos (Binary Data)');
		expect(videos.map((item) => item.binary?.data?.mimeType)).toEqual(Array(5).fill('video/mp4'));
		expect(summaryOf(run).summary).toMatch(
			/^This run created 5 videos, finished 5, and 0 failed\./,
		);
		expect(await createsPerRow(prompts)).toEqual([1, 1, 1, 1, 1]);
	},
	5 * 60_000,
);

test(
	'50 rows, three scheduled runs of at most 20: every row ends completed, one create per row',
	async () => {
		const prompts = queuePrompts('fifty', 50);
		const table = await freshTable(suite.server, rowsFor(prompts));
		const queue = await queueWorkflow(suite.server, 'video-queue.json', { settings: ROOMY });
		const created = [];
		for (let tick = 0; tick < 3; tick++) {
			const { run } = await queue.run();
			expect(run.status).toBe('success');
			created.push(summaryOf(run).createdThisRun);
		}
		expect(created).toEqual([20, 20, 10]);
		expect(statuses(await tableRows(suite.server, table))).toEqual(Array(50).fill('completed'));
		expect(await createsPerRow(prompts)).toEqual(Array(50).fill(1));
	},
	10 * 60_000,
);

test(
	'two runs at once on one table: each row is claimed by one of them, no row is created twice',
	async () => {
		const prompts = queuePrompts('overlap', 12);
		const table = await freshTable(suite.server, rowsFor(prompts));
		const queue = await queueWorkflow(suite.server, 'video-queue.json', { settings: ROOMY });
		// creates held 2 s each keep the first run in its create loop while the second starts
		for (const prompt of prompts)
			await control('/faults', { path: CREATE, bodyIncludes: prompt, delayMs: 2000 });
		const ids = await overlappingRuns(suite.server, queue, table);
		const runs = await Promise.all(ids.map((id) => ended(suite.server, id)));
		expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
		const rows = await tableRows(suite.server, table);
		// usually both runs claim rows; on CI's starved machine the second once started only after
		// the first had claimed all 12 (then it claims none, and must create none)
		expect(rows.filter((row) => !ids.includes(row.claimedBy))).toEqual([]);
		expect(statuses(rows)).toEqual(Array(12).fill('completed'));
		expect(await createsPerRow(prompts)).toEqual(Array(12).fill(1));
		const createdByRun = runs.map((run) => summaryOf(run).createdThisRun);
		expect(createdByRun[0] + createdByRun[1]).toBe(12);
		const claimedByRun = ids.map((id) => rows.filter((row) => row.claimedBy === id).length);
		expect(claimedByRun).toEqual(createdByRun);
	},
	5 * 60_000,
);

test(
	"three runs, each started during another's create: every claimed row counts against the day from its claim, so together they bill no more than the daily budget",
	async () => {
		const prompts = queuePrompts('budget overlap', 12);
		const table = await freshTable(suite.server, rowsFor(prompts));
		// 80 credits a row: 500 holds 6. Runs that count only the spend they saw at their start (the
		// template before issue 52) sent 8 rows here, 640 credits
		const queue = await queueWorkflow(suite.server, 'video-queue.json', {
			settings: { batchSize: 20, dailyBudget: 500 },
		});
		// creates held 2 s each: the next run reads the day's spend while they are on their way
		for (const prompt of prompts)
			await control('/faults', { path: CREATE, bodyIncludes: prompt, delayMs: 2000 });
		const ids = await runsDuringCreates(queue, async () => (await createsOf(prompts)).length, 3);
		const runs = await Promise.all(ids.map((id) => ended(suite.server, id)));
		expect(runs.map((run) => run.status)).toEqual(['success', 'success', 'success']);
		const perRow = await createsPerRow(prompts);
		expect(Math.max(...perRow)).toBe(1);
		const billed = perRow.reduce((sum, creates) => sum + creates, 0) * 80;
		expect(billed).toBeLessThanOrEqual(500);
		expect(billed).toBeGreaterThan(0);
		const rows = await tableRows(suite.server, table);
		const created = rows.filter((row) => row.taskId);
		expect(created.length * 80).toBe(billed);
		expect(statuses(created)).toEqual(Array(created.length).fill('completed'));
		// the others were given back: new, counting for no day, saying why
		for (const row of rows.filter((row) => !row.taskId)) {
			expect(row).toMatchObject({ status: 'new', day: '' });
			expect(row.estimate ?? 0).toBe(0);
			expect(row.error).toMatch(/daily budget/);
		}
		const counted = rows.filter((row) => row.day).reduce((sum, row) => sum + row.estimate, 0);
		expect(counted).toBe(billed);
	},
	5 * 60_000,
);

test(
	'n8n killed during the wait: the next run waits for the rows left created and finishes them, no create again',
	async () => {
		const prompts = queuePrompts('killed waiting', 5);
		const table = await freshTable(suite.server, rowsFor(prompts));
		const queue = await queueWorkflow(suite.server, 'video-queue.json', { settings: ROOMY });
		await control('/settings', { taskDurationMs: 30_000 });
		await queue.start();
		await until(
			async () =>
				statuses(await tableRows(suite.server, table)).every((s) => s === 'created')
					? true
					: undefined,
			'every row created',
		);
		await suite.server.crash();
		await control('/settings', { taskDurationMs: suite.settings.taskDurationMs });
		await suite.server.restart();
		const { run } = await queue.run();
		expect(run.status).toBe('success');
		expect(statuses(await tableRows(suite.server, table))).toEqual(Array(5).fill('completed'));
		expect(summaryOf(run).finishedThisRun).toBe(5);
		expect(summaryOf(run).createdThisRun).toBe(0);
		expect(await createsPerRow(prompts)).toEqual(Array(5).fill(1));
	},
	8 * 60_000,
);

test(
	'n8n killed during the creates: the next runs deliver every row whose create returned, mark the one on its way "check", and create nothing twice',
	async () => {
		const prompts = queuePrompts('killed creating', 8);
		const table = await freshTable(suite.server, rowsFor(prompts));
		// staleMinutes 0: the test knows the dead run is dead (the template waits 10 minutes)
		const queue = await queueWorkflow(suite.server, 'video-queue.json', {
			settings: { ...ROOMY, staleMinutes: 0 },
		});
		for (const prompt of prompts)
			await control('/faults', { path: CREATE, bodyIncludes: prompt, delayMs: 1500 });
		await queue.start();
		await until(
			async () => ((await createsOf(prompts)).length >= 4 ? true : undefined),
			'4 creates',
		);
		await suite.server.crash();
		await sleep(2000); // the create on its way when n8n died reaches the service
		await suite.server.restart();
		await queue.run();
		const { run } = await queue.run();
		expect(run.status).toBe('success');
		const rows = await tableRows(suite.server, table);
		const perRow = await createsPerRow(prompts);
		expect(Math.max(...perRow)).toBe(1);
		const check = rows.filter((row) => row.status === 'check');
		// the emulator logs a create when it arrives: the 4th was on its way (held 1.5 s) at the kill
		expect(check).toHaveLength(1);
		expect(perRow[rows.indexOf(check[0])]).toBe(1);
		for (const row of check) expect(row.error).toMatch(/created generation task', execution \d+/);
		const others = rows.filter((row) => row.status !== 'check');
		expect(statuses(others)).toEqual(Array(others.length).fill('completed'));
		expect(others.length + check.length).toBe(8);
	},
	8 * 60_000,
);

test(
	'a refused prompt, an empty balance (402) and the daily budget: each row says why, nothing is paid twice, the rest go on the next day',
	async () => {
		const prompts = queuePrompts('refusals', 6);
		const rows = rowsFor(prompts);
		rows[1].seconds = 99; // not a length sd2-mini makes: refused before anything is sent
		const table = await freshTable(suite.server, rows);
		await control('/faults', {
			path: CREATE,
			bodyIncludes: prompts[2],
			status: 402,
			body: { code: 'INSUFFICIENT_CREDITS', message: 'insufficient credits' },
		});
		// 4 s of sd2-mini is 80 credits: 200 leaves room for two rows
		const today = await queueWorkflow(suite.server, 'video-queue.json', {
			settings: { batchSize: 20, dailyBudget: 200 },
		});
		const first = await today.run();
		expect(first.run.status).toBe('success');
		const after = await tableRows(suite.server, table);
		expect(after[0].status).toBe('completed');
		expect(after[1]).toMatchObject({ status: 'refused' });
		expect(after[2]).toMatchObject({ status: 'new' });
		expect(after[2].error).toMatch(/credits/i);
		expect(after[3].status).toBe('completed');
		for (const row of after.slice(4)) {
			expect(row.status).toBe('new');
			expect(row.error).toMatch(/budget/i);
		}
		const nextDay = await queueWorkflow(suite.server, 'video-queue.json', { settings: ROOMY });
		await nextDay.run();
		const done = await tableRows(suite.server, table);
		expect(statuses(done)).toEqual([
			'completed',
			'refused',
			'completed',
			'completed',
			'completed',
			'completed',
		]);
		expect(await createsPerRow(prompts)).toEqual([1, 0, 1, 1, 1, 1]);
	},
	8 * 60_000,
);
