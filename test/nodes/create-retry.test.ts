/**
 * n8n's Retry of an execution re-runs a Create node from its input (from the trigger when n8n died
 * before saving any node, as after a crash). Its creates were recorded in n8n's deduplication
 * store by the run that sent them, with Skip Items Created in Earlier Runs off too, so the Retry
 * sends none of them again; a plain run still creates (the option is off).
 */
import type { IDataObject } from 'n8n-workflow';

import { pendingKey } from '../../nodes/shared/dedupe/pending';

import type { RunningEmulator } from '../emulator';
import { control, logged, startFast } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import type { RunOptions } from '../harness';
import { deduplicator } from '../harness/environment';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(async () => await emu.close());

const CREATE = '/api/v1/jobs/createTask';
const ROWS = ['a fox', 'a kite', 'a wave'].map((prompt) => ({ prompt }));
let nodes = 0;

/** Create Video on its defaults but for the prompt, with its own node id (its own memory). */
const workflow = () =>
	chainWorkflow([
		packageNode(
			'Create Video',
			'createVideo',
			{ model: 'sd2-mini', generationMode: 'textToVideo', prompt: '={{ $json.prompt }}' },
			{ id: `retry-video-${++nodes}`, onError: 'continueRegularOutput' },
		),
	]);

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

test("n8n's Retry sends no create for a row an earlier run sent; the skipped item says where its task id is", async () => {
	const json = workflow();
	expect((await run(json)).sent).toBe(3);
	const retried = await run(json, { mode: 'retry' });
	expect(retried.sent).toBe(0);
	expect(retried.out).toHaveLength(3);
	for (const item of retried.out) {
		expect(item).toMatchObject({ skipped: true, taskCreated: 'no', estimatedCredits: 0 });
		expect(item.skipReason).toMatch(/^n8n is retrying an execution.*in n8n's log/);
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

test('a Retry creates the rows that the earlier run did not create (refused by the service)', async () => {
	const json = workflow();
	await control(emu, '/faults', { path: CREATE, status: 400, bodyIncludes: 'a kite' });
	const first = await run(json);
	expect(first.out.map((item) => item.taskCreated ?? 'yes')).toEqual(['yes', 'no', 'yes']);
	const retried = await run(json, { mode: 'retry' });
	expect(retried.sent).toBe(1);
	expect(retried.out.map((item) => Boolean(item.skipped))).toEqual([true, false, true]);
	expect(retried.out[1].taskId).toEqual(expect.any(String));
});

test('the option off: a failing store warns and the run goes on; a Retry with a failing store sends nothing', async () => {
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
	expect(plain.sent).toBe(3);
	const hints = plain.result.runData['Create Video'][0].hints ?? [];
	expect(hints.map((hint) => hint.message)).toContainEqual(
		expect.stringMatching(/sent without being recorded/),
	);
	const retried = await run(json, { workflowId: failing, mode: 'retry' });
	expect(retried.result.status).toBe('error');
	expect(retried.sent).toBe(0);
});

describe('a run that died while sending (what a crash leaves in the store: keys claimed, some sent)', () => {
	const KEYED = 'retry-video-keyed';
	/** Create Video keyed by prompt; its memory as a crash left it: 'a fox' sent, 'a kite' and 'a wave' claimed and never sent. */
	async function crashedRun() {
		const json = chainWorkflow([
			packageNode(
				'Create Video',
				'createVideo',
				{
					model: 'sd2-mini',
					generationMode: 'textToVideo',
					prompt: '={{ $json.prompt }}',
					batchOptions: { skipCreated: true, skipKey: '={{ $json.prompt }}' },
				},
				{ id: `${KEYED}-${++nodes}`, onError: 'continueRegularOutput' },
			),
		]);
		const context = {
			node: { id: json.nodes[1].id },
			workflow: { id: KEYED, active: false },
		} as never;
		const options = { mode: 'entries' as const, maxEntries: 10_000 };
		const claimed = ['a fox', 'a kite', 'a wave'];
		await deduplicator.checkProcessedAndRecord(
			[...claimed, ...claimed.map(pendingKey)],
			'node',
			context,
			options,
		);
		await deduplicator.removeProcessed([pendingKey('a fox')], 'node', context);
		return json;
	}

	test('a plain run skips every claimed row, and says plainly which were never sent', async () => {
		const plain = await run(await crashedRun(), { workflowId: KEYED });
		expect(plain.sent).toBe(0);
		expect(plain.out[0].skipReason).toMatch(/^An earlier run of this node created a task/);
		for (const item of plain.out.slice(1)) {
			expect(item).toMatchObject({ skipped: true, taskCreated: 'no' });
			expect(item.skipReason).toMatch(/had not sent it.*no task exists.*retry its execution/);
		}
	});

	test("n8n's Retry sends the rows that were never sent, once, and skips the sent one", async () => {
		const json = await crashedRun();
		const retried = await run(json, { workflowId: KEYED, mode: 'retry' });
		expect(retried.sent).toBe(2);
		expect(retried.out[0]).toMatchObject({ skipped: true, taskCreated: 'no' });
		expect(retried.out[0].skipReason).toMatch(/^An earlier run of this node created a task/);
		expect(retried.out.slice(1).map((item) => typeof item.taskId)).toEqual(['string', 'string']);
		// Sent now: another Retry, or a plain run with Skip on, sends none of them.
		expect((await run(json, { workflowId: KEYED, mode: 'retry' })).sent).toBe(0);
		const plain = await run(json, { workflowId: KEYED });
		expect(plain.sent).toBe(0);
		expect(plain.out.map((item) => item.skipReason)).toEqual(
			Array(3).fill(expect.stringMatching(/^An earlier run of this node created a task/)),
		);
	});
});

test('a store that cannot take back the mark of a row about to be sent: the row is not sent, and says why', async () => {
	deduplicator.failRemovalsIn('no-removals');
	const sent = await run(workflow(), { workflowId: 'no-removals' });
	expect(sent.sent).toBe(0);
	for (const item of sent.out) {
		expect(item.taskCreated).toBe('no');
		expect(item.error).toMatch(/^n8n's deduplication store failed: the database is unreachable/);
	}
});
