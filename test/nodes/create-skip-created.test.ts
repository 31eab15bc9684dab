/**
 * Skip Items Already Created (Batch Options): a scheduled batch that reads the same rows
 * every run pays once per row. The memory is n8n-core's real DataDeduplicationService, over the
 * harness's in-memory backend (test/harness/deduplicator.ts) in place of n8n's database.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { control, logged, startFast } from '../emulator/test-helpers';
import { makeImage } from '../emulator/media';
import { runWorkflow } from '../harness';
import { deduplicator } from '../harness/environment';
import { BINARY_ITEMS_TYPE, binaryItems, itemWithFiles } from '../helpers/binary-items';
import { FAST_WAIT, emulatorCredentials } from '../helpers/nodes';
import { textToVideoNode } from '../helpers/text-video';
import { chainWorkflow, packageNode } from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CREATE = '/api/v1/jobs/createTask';
const creates = async () => (await logged(emu, CREATE)).length;

let nodes = 0;
/** A Create Video node with its own id, so each test has its own memory (scope Node), Skip on. */
const createVideo = (batchOptions: IDataObject = {}, extra: Partial<StepNode> = {}): StepNode =>
	textToVideoNode({ batchOptions: { skipCreated: true, ...batchOptions } }, extra);

const rows = (...prompts: string[]) => prompts.map((prompt, row) => ({ row, prompt }));
const FIVE = rows('a fox', 'a kite', 'a wave', 'a lamp', 'a ship');

async function run(steps: StepNode[], items: IDataObject[], workflowId = 'skip-workflow') {
	const before = await creates();
	const result = await runWorkflow(chainWorkflow(steps), {
		credentials: emulatorCredentials(emu),
		items,
		workflowId,
	});
	expect(result.status).toBe('success');
	return { result, sent: (await creates()) - before, items: result.json('Create Video') };
}

describe('Create Video: Skip Items Already Created', () => {
	test('the same 5 items run twice: the second run sends nothing and outputs 5 skipped items', async () => {
		const node = createVideo();
		const first = await run([node], FIVE);
		expect(first.sent).toBe(5);
		expect(first.items.every((item) => typeof item.taskId === 'string')).toBe(true);

		const second = await run([node], FIVE);
		expect(second.sent).toBe(0);
		expect(second.items).toHaveLength(5);
		for (const item of second.items) {
			expect(item).toMatchObject({ skipped: true, taskCreated: 'no', estimatedCredits: 0 });
			expect(item.skipReason).toMatch(/earlier run .*not sent again/i);
			expect(item.skipReason).toMatch(/its task id is in that run's output and n8n's log/);
			expect(item.skipKey).toMatch(/^generation:[0-9a-f]{64}$/);
			expect(item.taskId).toBeUndefined();
		}
		const paired = second.result.output('Create Video').map((item) => item.pairedItem);
		expect(paired).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		// Each keeps its row's fields, and the run says above its output that it skipped them all.
		expect(second.items.map(({ row, prompt }) => ({ row, prompt }))).toEqual(FIVE);
		const hints = second.result.runData['Create Video'][0].hints ?? [];
		expect(hints.map((hint) => hint.message)).toContainEqual(
			expect.stringMatching(/^Skipped 5 of 5 items: not sent, so nothing was billed/),
		);
		// Another prompt is another request, hence another key: it is created.
		const third = await run([node], [...FIVE, { row: 5, prompt: 'a bell' }]);
		expect(third.sent).toBe(1);
		expect(third.items[5].taskId).toEqual(expect.any(String));
	});

	test('items refused in run 1 (by the service, by the budget) are created in run 2', async () => {
		const node = createVideo({ concurrency: 1, budget: 200 });
		const items = rows('first', 'second', 'third');
		await control(emu, '/faults', { path: CREATE, status: 400, count: 1 });
		const first = await run([node], items);
		// sd2-mini costs 100: the first is refused by the service (HTTP 400), the third by the budget.
		expect(first.items.map((item) => item.taskCreated ?? 'yes')).toEqual(['no', 'yes', 'no']);
		expect(first.items[2].error).toMatch(/BUDGET_EXCEEDED/);

		const second = await run([createVideo({ concurrency: 1 }, { id: node.id })], items);
		expect(second.sent).toBe(2);
		expect(second.items[0].taskId).toEqual(expect.any(String));
		expect(second.items[1]).toMatchObject({ skipped: true });
		expect(second.items[2].taskId).toEqual(expect.any(String));
	});

	test('a node that stops on a refusal (no Continue On Fail) forgets the keys it took', async () => {
		const node = createVideo({ budget: 100 }, { onError: undefined });
		const before = await creates();
		const stopped = await runWorkflow(chainWorkflow([node]), {
			credentials: emulatorCredentials(emu),
			items: rows('kept', 'over budget'),
			workflowId: 'skip-workflow',
		});
		expect(stopped.status).toBe('error');
		expect(stopped.error?.message).toMatch(/BUDGET_EXCEEDED/);
		expect((await creates()) - before).toBe(0);
		const second = await run([createVideo({}, { id: node.id })], rows('kept', 'over budget'));
		expect(second.sent).toBe(2);
	});

	test('an item invalid in run 1 and fixed is created in run 2', async () => {
		const node = createVideo({}, {});
		const invalid = {
			...node,
			parameters: { ...node.parameters, duration: '={{ $json.duration }}' },
		};
		const first = await run([invalid], [{ prompt: 'a fox', duration: 99 }]);
		expect(first.sent).toBe(0);
		expect(first.items[0].error).toMatch(/DURATION/);
		const second = await run([invalid], [{ prompt: 'a fox', duration: 5 }]);
		expect(second.sent).toBe(1);
		expect(second.items[0].taskId).toEqual(expect.any(String));
	});

	test('an item whose create got no clear answer in run 1 is not sent again in run 2', async () => {
		const node = createVideo({ concurrency: 1 });
		await control(emu, '/faults', { path: CREATE, drop: true, count: 1 });
		const first = await run([node], rows('lost answer', 'never sent'));
		expect(first.sent).toBe(1);
		expect(first.items.map((item) => item.taskCreated)).toEqual(['unknown', 'no']);

		const second = await run([node], rows('lost answer', 'never sent'));
		// The first may exist and be billed: skipped. The second was never sent: created now.
		expect(second.sent).toBe(1);
		expect(second.items[0]).toMatchObject({ skipped: true, taskCreated: 'no' });
		expect(second.items[1].taskId).toEqual(expect.any(String));
	});

	test('Skip Key: an expression of the row decides, not the request', async () => {
		const node = createVideo({ skipKey: '={{ $json.row }}' });
		await run([node], FIVE);
		// The same rows with new prompts: skipped by their row number, nothing sent.
		const renamed = FIVE.map(({ row }) => ({ row, prompt: `new prompt ${row}` }));
		const second = await run([node], renamed);
		expect(second.sent).toBe(0);
		expect(second.items.map((item) => item.skipKey)).toEqual(['0', '1', '2', '3', '4']);
		// An item whose key is empty is refused before sending, with the fix.
		const third = await run([node], [{ prompt: 'no row' }]);
		expect(third.sent).toBe(0);
		expect(third.items[0]).toMatchObject({
			error: 'Skip Key is empty for this item',
			taskCreated: 'no',
		});
	});

	test('the same key twice in one run is sent once', async () => {
		const node = createVideo();
		const first = await run([node], rows('twin', 'twin'));
		expect(first.sent).toBe(1);
		expect(first.items[1]).toMatchObject({ skipped: true });
		expect(first.items[1].skipReason).toMatch(/same key as item 0 of this run/i);
		// Next run, both were created earlier: each says so.
		const second = await run([node], rows('twin', 'twin'));
		expect(second.sent).toBe(0);
		for (const item of second.items) expect(item.skipReason).toMatch(/earlier run/i);
	});

	test('Forget Earlier Runs clears the memory: every item is created again, then remembered again', async () => {
		const node = createVideo();
		await run([node], FIVE);
		const forgetting = createVideo({ forgetCreated: true }, { id: node.id });
		const again = await run([forgetting], FIVE);
		expect(again.sent).toBe(5);
		const after = await run([node], FIVE);
		expect(after.sent).toBe(0);
	});

	test('skipped items cost 0 against the Budget', async () => {
		const node = createVideo();
		await run([node], rows('one', 'two'));
		// 3 items at 100 credits each under a budget of 100: only the new one counts, and fits.
		const budgeted = createVideo({ budget: 100 }, { id: node.id });
		const second = await run([budgeted], rows('one', 'two', 'three'));
		expect(second.sent).toBe(1);
		expect(second.items.map((item) => item.skipped ?? false)).toEqual([true, true, false]);
		expect(second.items[2]).toMatchObject({ estimatedCredits: 100 });
		expect(second.items[2].taskId).toEqual(expect.any(String));
	});

	test('scope Workflow shares one memory between nodes; scope Node keeps each apart', async () => {
		const shared = (name: string) =>
			({ ...createVideo({ skipScope: 'workflow' }), name }) as StepNode;
		const workflowId = 'shared-memory';
		const first = await run([shared('Create Video')], rows('shared'), workflowId);
		expect(first.sent).toBe(1);
		const other = await run([shared('Create Video')], rows('shared'), workflowId);
		expect(other.sent).toBe(0);
		// Same request, another node in scope Node, same workflow: its own memory, so it is created.
		const own = await run([createVideo()], rows('shared'), workflowId);
		expect(own.sent).toBe(1);
	});

	test('media from binary data is keyed by its content; a skipped item uploads nothing', async () => {
		const node = createVideo({}, { id: `binary-${++nodes}` });
		node.parameters = {
			...node.parameters,
			model: 'sd2',
			generationMode: 'firstFrame',
			firstFrameBinary: 'photo',
		};
		const files = { name: 'Files', type: BINARY_ITEMS_TYPE, parameters: {} };
		const photo = (width: number) =>
			itemWithFiles([
				{
					property: 'photo',
					bytes: makeImage('png', width, 720),
					fileName: 'photo.png',
					mimeType: 'image/png',
				},
			]);
		const runFiles = async (items: IDataObject[]) => {
			const uploads = (await logged(emu, '/api/v1/assets/upload')).length;
			const before = await creates();
			const result = await runWorkflow(chainWorkflow([files, node]), {
				credentials: emulatorCredentials(emu),
				items,
				workflowId: 'skip-workflow',
				extraNodeTypes: { [BINARY_ITEMS_TYPE]: binaryItems },
			});
			return {
				items: result.json('Create Video'),
				sent: (await creates()) - before,
				uploads: (await logged(emu, '/api/v1/assets/upload')).length - uploads,
			};
		};
		const first = await runFiles([photo(1280)]);
		expect(first).toMatchObject({ sent: 1, uploads: 1 });
		// The same file name and property, another picture: another key.
		const second = await runFiles([photo(1280), photo(960)]);
		expect(second).toMatchObject({ sent: 1, uploads: 1 });
		expect(second.items[0]).toMatchObject({ skipped: true });
		expect(second.items[1].taskId).toEqual(expect.any(String));
	});

	test('the Callback URL is not part of the key: it says where to report, not what to make', async () => {
		const node = createVideo();
		await run([node], rows('reported'));
		node.parameters = {
			...node.parameters,
			additionalOptions: { callBackUrl: 'https://example.com/hook' },
		};
		const second = await run([node], rows('reported'));
		expect(second.sent).toBe(0);
		expect(second.items[0]).toMatchObject({ skipped: true });
	});

	test('a store that refuses (scope Workflow kept in another mode) stops the node before sending', async () => {
		await deduplicator.checkProcessedAndRecord(
			[7],
			'workflow',
			{ workflow: { id: 'other-mode', active: false } },
			{ mode: 'latestIncrementalKey' },
		);
		const before = await creates();
		const result = await runWorkflow(
			chainWorkflow([createVideo({ skipScope: 'workflow' }, { onError: undefined })]),
			{ credentials: emulatorCredentials(emu), items: rows('a fox'), workflowId: 'other-mode' },
		);
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(
			/^n8n's deduplication store failed: .*incompatible setting/,
		);
		expect(result.error?.description).toMatch(/Nothing was sent/);
		expect((await creates()) - before).toBe(0);
	});

	test('a key the store cannot forget: the tasks are still output with their ids, and a warning says so', async () => {
		// The store fails after the lookup took back what it recorded: the refused row's release fails.
		deduplicator.failRemovalsIn('broken-removals', 1);
		await control(emu, '/faults', { path: CREATE, status: 400, count: 1 });
		const { result, items } = await run(
			[createVideo({ concurrency: 1 })],
			rows('refused', 'created'),
			'broken-removals',
		);
		expect(items[0].taskCreated).toBe('no');
		expect(items[1].taskId).toEqual(expect.any(String));
		const hints = result.runData['Create Video'][0].hints ?? [];
		expect(hints.map((hint) => hint.message)).toContainEqual(
			expect.stringMatching(
				/could not forget the items without a task \(item index 0\): .*Forget Earlier Runs/,
			),
		);
	});

	test('Create Image: an item with two variants has one key; run again, each variant is a skipped item (the same count every run)', async () => {
		const image = packageNode(
			'Create Image',
			'createImage',
			{
				model: 'gen-image-2.5-flare',
				prompt: '={{ $json.prompt }}',
				imagesPerItem: 2,
				waitForCompletion: 'none',
				batchOptions: { skipCreated: true },
			},
			{ id: `create-image-${++nodes}` },
		);
		const runImage = async () => {
			const before = await creates();
			const result = await runWorkflow(chainWorkflow([image]), {
				credentials: emulatorCredentials(emu),
				items: rows('a lamp', 'a chair'),
				workflowId: 'skip-workflow',
			});
			return { result, items: result.json('Create Image'), sent: (await creates()) - before };
		};
		const first = await runImage();
		expect(first.sent).toBe(4);
		expect(first.items.map((item) => item.variant)).toEqual([1, 2, 1, 2]);
		const second = await runImage();
		expect(second.sent).toBe(0);
		expect(second.items).toEqual(
			[1, 2, 1, 2].map((variant) =>
				expect.objectContaining({ skipped: true, variant, estimatedCredits: 0 }),
			),
		);
		expect(second.result.output('Create Image').map((item) => item.pairedItem)).toEqual(
			[0, 0, 1, 1].map((item) => ({ item })),
		);
	});

	test('off by default: the same items are created every run', async () => {
		const node = createVideo({ skipCreated: false });
		await run([node], rows('plain'));
		expect((await run([node], rows('plain'))).sent).toBe(1);
	});

	test("a row that carries its earlier task's id (written back by the first run) gives that task's result through Wait For Task, and nothing is sent", async () => {
		const node = createVideo();
		const waitForTask = packageNode('Wait For Task', 'waitForTask', {
			operation: 'wait',
			...FAST_WAIT,
		});
		const prompts = rows('a heron', 'a comet');
		const first = await run([node, waitForTask], prompts);
		const written = first.items.map((item, index) => ({ ...prompts[index], taskId: item.taskId }));
		const second = await run([node, waitForTask], written);
		expect(second.sent).toBe(0);
		expect(second.items.map((item) => [item.skipped, item.taskId])).toEqual(
			written.map(({ taskId }) => [true, taskId]),
		);
		const results = second.result.json('Wait For Task');
		expect(results.map((item) => [item.taskId, item.status])).toEqual(
			written.map(({ taskId }) => [taskId, 'COMPLETED']),
		);
	});
});
