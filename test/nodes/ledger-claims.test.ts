/**
 * The ledger's claims ahead (nodes/shared/ledger/gate.ts, window.ts): with Skip on, a lane's next
 * row is claimed against other executions while its current create travels, and counted as sent
 * only as it leaves; n8n's Retry of a crashed run sends what that run claimed and never sent; a
 * record erased after it was seen to hold (a stalled database) is named by row and task id.
 */
import type { IDataObject } from 'n8n-workflow';

import { claimEntry, sentEntry } from '../../nodes/shared/ledger/entries';
import type { Slot } from '../../nodes/shared/ledger/entries';

import type { RunningEmulator } from '../emulator';
import { control, reset, sleep, startFast, waitFor } from '../emulator/test-helpers';
import { retriedIdReachesNodes, runWorkflow } from '../harness';
import type { RunOptions } from '../harness';
import { deduplicator, harnessLog } from '../harness/environment';
import { emulatorCredentials } from '../helpers/nodes';
import { createsPerPrompt, textToVideoNode } from '../helpers/text-video';
import { chainWorkflow } from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast({ taskDurationMs: 60_000 })));
afterAll(async () => await emu.close());
beforeEach(() => reset(emu));

const CREATE = '/api/v1/jobs/createTask';

const prompts = (count: number, tag: string) =>
	Array.from({ length: count }, (_, index) => ({ prompt: `${tag} ${index}` }));

const skipOn = (concurrency: number) =>
	textToVideoNode({
		waitForCompletion: 'none',
		batchOptions: { concurrency, skipCreated: true, skipKey: '={{ $json.prompt }}' },
	});

async function run(node: StepNode, items: IDataObject[], extra: Partial<RunOptions> = {}) {
	return await runWorkflow(chainWorkflow([node]), {
		credentials: emulatorCredentials(emu),
		items,
		...extra,
	});
}

const contextOf = (node: StepNode) =>
	({ node: { id: node.id }, workflow: { id: 'harness', active: false } }) as never;

const holds = (node: StepNode, value: string) => deduplicator.holds(value, 'node', contextOf(node));

const slotOf = (prompt: string, itemIndex: number): Slot => ({
	itemIndex,
	key: prompt,
	occurrence: 0,
});

const holdCreates = async (rows: IDataObject[], delayMs: number) => {
	for (const { prompt } of rows)
		await control(emu, '/faults', { path: CREATE, delayMs, bodyIncludes: `${String(prompt)}"` });
};

/** A Skip-on run on one lane, each create held `delayMs`, once the service got its first create. */
async function startHeld(tag: string, count: number, delayMs: number) {
	const node = skipOn(1);
	const rows = prompts(count, tag);
	await holdCreates(rows, delayMs);
	const running = run(node, rows);
	await waitFor(
		async () => ((await createsPerPrompt(emu, [`${tag} 0`]))[0] === 1 ? true : undefined),
		`the create of "${tag} 0"`,
	);
	return { node, rows, running };
}

/** The execution of the run that logged sending this row's create. */
const executionSending = async (itemIndex: number, node = 'Create Video') =>
	await waitFor(async () => {
		const pattern = new RegExp(`${node}: sending a create \\(item ${itemIndex}, execution (\\w+),`);
		const found = harnessLog()
			.split('\n')
			.map((line) => pattern.exec(line)?.[1])
			.filter((id): id is string => id !== undefined);
		return await Promise.resolve(found.at(-1));
	}, `the log line of item ${itemIndex}'s create`);

test("Skip on: while a lane's create travels, its next row is already claimed against other runs, and counted as sent only as it leaves", async () => {
	const { node, rows, running } = await startHeld('ahead', 3, 1500);
	const execution = await executionSending(0);
	await sleep(300);
	// row 0 travels for 1.5 s: row 1's key and claim are recorded (its settle runs now), not its send
	expect(holds(node, 'ahead 1')).toBe(true);
	expect(holds(node, claimEntry(execution, slotOf('ahead 1', 1)))).toBe(true);
	expect(holds(node, sentEntry(execution, slotOf('ahead 1', 1)))).toBe(false);
	expect(holds(node, 'ahead 2')).toBe(false);
	await running;
	expect(holds(node, sentEntry(execution, slotOf('ahead 1', 1)))).toBe(true);
	expect(
		await createsPerPrompt(
			emu,
			rows.map(({ prompt }) => String(prompt)),
		),
	).toEqual([1, 1, 1]);
}, 30_000);

(retriedIdReachesNodes ? test : test.skip)(
	"n8n's Retry of a crashed Skip-on run sends the row that run had claimed and never sent, and skips the one it sent",
	async () => {
		const node = skipOn(1);
		const rows = prompts(3, 'claimed');
		const record = async (values: string[]) =>
			await deduplicator.checkProcessedAndRecord(values, 'node', contextOf(node), {
				mode: 'entries',
				maxEntries: 100,
			});
		// what a crash of execution 'crashed' left: row 0 claimed and sent, row 1 claimed only
		const [first, second] = [slotOf('claimed 0', 0), slotOf('claimed 1', 1)];
		await record(['claimed 0', claimEntry('crashed', first), sentEntry('crashed', first)]);
		await record(['claimed 1', claimEntry('crashed', second)]);
		const retried = await run(node, rows, { mode: 'retry', retryOf: 'crashed' });
		const items = retried.json('Create Video');
		expect(items[0]).toMatchObject({ skipped: true });
		expect(String(items[0].skipReason)).toMatch(/^n8n is retrying execution crashed,/);
		expect(items[1]).toMatchObject({ taskId: expect.any(String) });
		expect(items[2]).toMatchObject({ taskId: expect.any(String) });
		expect(
			await createsPerPrompt(
				emu,
				rows.map(({ prompt }) => String(prompt)),
			),
		).toEqual([0, 1, 1]);
		// a later run knows all three
		await run(node, rows);
		expect(
			await createsPerPrompt(
				emu,
				rows.map(({ prompt }) => String(prompt)),
			),
		).toEqual([0, 1, 1]);
	},
);

test("a record erased after it was seen to hold (a foreign write stalled 1.5 s) names its row and task in the output and in n8n's log", async () => {
	const { node, running } = await startHeld('stalled', 5, 300);
	await deduplicator.stalledWrite(
		["another process's value"],
		'node',
		contextOf(node),
		{ mode: 'entries', maxEntries: 1000 },
		1500,
	);
	const result = await running;
	const items = result.json('Create Video');
	const warned = items.filter((item) => item.paidOnceWarning !== undefined);
	expect(warned.length).toBeGreaterThan(0);
	for (const item of warned)
		expect(String(item.paidOnceWarning)).toContain(`task ${String(item.taskId)} is this run's`);
	const line = await waitFor(
		async () =>
			await Promise.resolve(
				harnessLog()
					.split('\n')
					.find((text) => text.includes('that another execution may have created too')),
			),
		'the warning in the log',
	);
	for (const item of warned) {
		const index = items.indexOf(item);
		expect(line).toContain(`item ${index} (task ${String(item.taskId)})`);
	}
	expect(JSON.parse(line)).toMatchObject({ level: 'warn' });
}, 30_000);
