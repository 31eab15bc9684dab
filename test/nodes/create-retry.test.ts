/**
 * n8n's Retry of an execution re-runs a Create node from its input (from the trigger when n8n died
 * before saving any node, as after a crash). The ledger (nodes/shared/ledger) records each create
 * just before it is sent, under the execution that sends it; n8n 2.x tells the node which
 * execution a Retry retries, so the Retry re-sends exactly the rows that execution never sent
 * (issue 40). n8n 1.x does not say, so there a Retry skips every row any run sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { sentEntry } from '../../nodes/shared/ledger/entries';

import type { RunningEmulator } from '../emulator';
import { control, logged, reset, startFast } from '../emulator/test-helpers';
import { retriedIdReachesNodes, runWorkflow } from '../harness';
import type { RunOptions } from '../harness';
import { deduplicator } from '../harness/environment';
import { emulatorCredentials } from '../helpers/nodes';
import { createsPerPrompt, textToVideoNode } from '../helpers/text-video';
import { chainWorkflow, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(async () => await emu.close());
beforeEach(() => reset(emu));

const CREATE = '/api/v1/jobs/createTask';
const PROMPTS = ['a fox', 'a kite', 'a wave'];
const ROWS = PROMPTS.map((prompt) => ({ prompt }));
/** Create Video returning at once, with its own node id (and these batch options). */
const workflow = (batchOptions: IDataObject = {}) =>
	chainWorkflow([textToVideoNode({ batchOptions })]);

/** How many creates the emulator got for each prompt, in PROMPTS order. */
const createsPerRow = async () => await createsPerPrompt(emu, PROMPTS);

async function run(
	json: ReturnType<typeof workflow>,
	extra: Partial<RunOptions> = {},
	items: IDataObject[] = ROWS,
) {
	const before = (await logged(emu, CREATE)).length;
	const result = await runWorkflow(json, {
		credentials: emulatorCredentials(emu),
		items,
		...extra,
	});
	return {
		result,
		sent: (await logged(emu, CREATE)).length - before,
		out: result.json('Create Video'),
	};
}

const retryOf = (executionId: string): Partial<RunOptions> => ({
	mode: 'retry',
	retryOf: executionId,
});

test("n8n's Retry sends no create for a row its execution sent; the skipped item says where its task id is", async () => {
	const json = workflow();
	const first = await run(json);
	expect(first.sent).toBe(3);
	const retried = await run(json, retryOf(first.result.executionId));
	expect(retried.sent).toBe(0);
	expect(retried.out).toHaveLength(3);
	for (const item of retried.out) {
		expect(item).toMatchObject({ skipped: true, taskCreated: 'no', estimatedCredits: 0 });
		expect(item.skipReason).toMatch(
			retriedIdReachesNodes
				? new RegExp(
						`^n8n is retrying execution ${first.result.executionId}, .*its task id is in that execution's output`,
					)
				: /^n8n is retrying an execution, and this n8n \(1\.x\) does not tell/,
		);
	}
	expect(retried.result.output('Create Video').map((item) => item.pairedItem)).toEqual(
		ROWS.map((_, item) => ({ item })),
	);
});

test('a plain run with the option off still creates every row again (the user asked for it)', async () => {
	const json = workflow();
	expect((await run(json)).sent).toBe(3);
	expect((await run(json)).sent).toBe(3);
});

test('a Retry creates the rows that its execution did not create (refused by the service)', async () => {
	const json = workflow();
	await control(emu, '/faults', { path: CREATE, status: 400, bodyIncludes: 'a kite' });
	const first = await run(json);
	expect(first.out.map((item) => item.taskCreated ?? 'yes')).toEqual(['yes', 'no', 'yes']);
	const retried = await run(json, retryOf(first.result.executionId));
	expect(retried.sent).toBe(1);
	expect(retried.out.map((item) => Boolean(item.skipped))).toEqual([true, false, true]);
	expect(retried.out[1].taskId).toEqual(expect.any(String));
	// a kite: the refused request, then the Retry's
	expect(await createsPerRow()).toEqual([1, 2, 1]);
});

test('Skip off: day 1 creates 3 rows, day 2 refuses row 1; the Retry of day 2 sends row 1 and nothing day 2 sent (issue 40, row 5; n8n 1.x does not name the retried execution, and skips every row any run sent)', async () => {
	const json = workflow();
	expect((await run(json)).sent).toBe(3);
	await control(emu, '/faults', { path: CREATE, status: 400, bodyIncludes: 'a kite' });
	const day2 = await run(json);
	expect(day2.sent).toBe(3);
	const retried = await run(json, retryOf(day2.result.executionId));
	if (retriedIdReachesNodes) {
		expect(retried.sent).toBe(1);
		expect(retried.out[1]).toMatchObject({ taskId: expect.any(String) });
	} else {
		expect(retried.sent).toBe(0);
		expect(retried.out[1].skipReason).toMatch(/does not tell a node which one/);
	}
	expect(await createsPerRow()).toEqual(retriedIdReachesNodes ? [2, 3, 2] : [2, 2, 2]);
});

test('a store that refuses (another mode in the record) sends nothing, and each item says why', async () => {
	const failing = 'failing-store';
	await deduplicator.checkProcessedAndRecord(
		[7],
		'node',
		{ node: { id: 'retry-video-broken' }, workflow: { id: failing, active: false } } as never,
		{ mode: 'latestIncrementalKey' },
	);
	const json = chainWorkflow([
		packageNode(
			'Create Video',
			'createVideo',
			{ model: 'sd2-mini', generationMode: 'textToVideo', prompt: '={{ $json.prompt }}' },
			{ id: 'retry-video-broken', onError: 'continueRegularOutput' },
		),
	]);
	const plain = await run(json, { workflowId: failing });
	expect(plain.sent).toBe(0);
	for (const item of plain.out) {
		expect(item.taskCreated).toBe('no');
		expect(item.error).toMatch(/^n8n's deduplication store failed: .*incompatible setting/);
	}
});

describe('the Retry of a crashed execution (what the crash left in the ledger: row 0 sent, the others never)', () => {
	const CRASHED = 'crashed-7';
	/** Create Video keyed by prompt; its ledger as a crash of execution CRASHED left it. */
	async function crashedRun(batchOptions: IDataObject = {}) {
		const json = workflow({ skipKey: '={{ $json.prompt }}', ...batchOptions });
		const context = {
			node: { id: json.nodes[1].id },
			workflow: { id: 'harness', active: false },
		} as never;
		await deduplicator.checkProcessedAndRecord(
			['a fox', sentEntry(CRASHED, { itemIndex: 0, key: 'a fox', occurrence: 0 })],
			'node',
			context,
			{ mode: 'entries', maxEntries: 30_000 },
		);
		return json;
	}

	(retriedIdReachesNodes ? test : test.skip)(
		"n8n's Retry sends the rows that were never sent, once; a second Retry of the same crash sends nothing",
		async () => {
			const json = await crashedRun();
			const retried = await run(json, retryOf(CRASHED));
			expect(retried.sent).toBe(2);
			expect(retried.out[0]).toMatchObject({ skipped: true, taskCreated: 'no' });
			expect(retried.out.slice(1).map((item) => typeof item.taskId)).toEqual(['string', 'string']);
			expect((await run(json, retryOf(CRASHED))).sent).toBe(0);
			// and a Retry of that Retry (n8n retries the newest execution) sends nothing either
			expect((await run(json, retryOf(retried.result.executionId))).sent).toBe(0);
			expect(await createsPerRow()).toEqual([0, 1, 1]);
		},
	);

	(retriedIdReachesNodes ? test : test.skip)(
		'two Retries of one crashed execution at once: each row is created once (issue 40, row 1b)',
		async () => {
			for (const skipCreated of [false, true]) {
				await reset(emu);
				const json = await crashedRun({ skipCreated, concurrency: 1 });
				await control(emu, '/faults', { path: CREATE, delayMs: 300, count: 10 });
				const first = run(json, retryOf(CRASHED));
				await new Promise((resolve) => setTimeout(resolve, 100));
				await Promise.all([first, run(json, retryOf(CRASHED))]);
				expect(await createsPerRow()).toEqual([0, 1, 1]);
			}
		},
	);
});

test("n8n's Retry started while a live execution of the same node is sending the same rows: each row is created once (issue 40, row 1)", async () => {
	const json = workflow({ skipCreated: true, skipKey: '={{ $json.prompt }}', concurrency: 1 });
	await control(emu, '/faults', { path: CREATE, delayMs: 1500, bodyIncludes: 'a fox' });
	const live = run(json);
	await new Promise((resolve) => setTimeout(resolve, 300));
	const retried = await run(json, retryOf('an-earlier-crashed-execution'));
	await live;
	expect(await createsPerRow()).toEqual([1, 1, 1]);
	expect(retried.out[0].skipReason).toMatch(
		/^An earlier run of this node \(or one running at the same time\)/,
	);
});
