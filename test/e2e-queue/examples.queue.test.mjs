// Every example that runs from a manual trigger, started through the main's REST API all at once:
// a worker runs each to success, and the files its nodes download are in the database (binary data
// mode `database`), whole, the very bytes the emulator serves (a Create node's own download too).
import { loadExamples, serverOnlyReason } from '../../scripts/n8n/instance.mjs';
import { isSuccess, summarizeRun } from '../../scripts/n8n/results.mjs';
import {
	binaryBytes,
	emulator,
	finished,
	isMp4,
	itemsOf,
	startManually,
	workersThatRan,
} from './stack.mjs';

const examples = loadExamples()
	.map((e) => e.workflow)
	.filter((workflow) => !serverOnlyReason(workflow));
const emu = emulator();
/** @type {Map<string, { executionId: string, run: any }>} */
const runs = new Map();

beforeAll(async () => {
	const started = await Promise.all(examples.map(async (w) => [w.id, await startManually(w)]));
	for (const [id, executionId] of started)
		runs.set(id, { executionId, run: await finished(executionId) });
});

test.each(examples.map((w) => [w.name, w]))('%s: succeeds on a worker', (_name, workflow) => {
	const { executionId, run } = runs.get(workflow.id);
	const summary = summarizeRun(run, { userFolder: '', workflow });
	expect({ status: run.status, errors: summary.itemErrors, error: summary.error }).toEqual({
		status: 'success',
		errors: [],
		error: undefined,
	});
	expect(isSuccess(summary)).toBe(true);
	expect(workersThatRan(executionId)).toHaveLength(1);
});

test('the workers shared the examples (both ran some)', () => {
	const ran = new Set([...runs.values()].flatMap(({ executionId }) => workersThatRan(executionId)));
	expect([...ran].sort()).toEqual(['worker-1', 'worker-2']);
});

test("Wait For Task's download (text to video) is in the database, the emulator's MP4", async () => {
	const [item] = itemsOf(runs.get('ugExTextVideo01').run, 'Wait For Task');
	const binary = item.binary.data;
	expect(binary.id).toMatch(/^database:/);
	const stored = await binaryBytes(binary);
	expect(isMp4(stored)).toBe(true);
	expect(stored.equals((await emu.download(item.json.output[0].url)).bytes)).toBe(true);
});

test("a Create node's own download (Create Image, six images) is in the database, byte for byte", async () => {
	const items = itemsOf(runs.get('ugExImgVarnts05').run, 'Create Image');
	expect(items).toHaveLength(6);
	for (const item of items) {
		expect(item.binary.data.id).toMatch(/^database:/);
		const stored = await binaryBytes(item.binary.data);
		expect(stored.length).toBeGreaterThan(0);
		expect(stored.equals((await emu.download(item.json.output[0].url)).bytes)).toBe(true);
	}
});
