/**
 * Batch Options → Daily Credit Cap (Daily Task Cap on Compat Task): the day's spend of a node over
 * every execution of its workflow, reserved in n8n's deduplication store before anything is sent
 * (nodes/shared/create/daily-cap.ts, nodes/shared/spend/tokens.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { control, credits, logged, reset, startFast } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { emulatorCredentials } from '../helpers/nodes';
import { createsPerPrompt, textToVideoNode } from '../helpers/text-video';
import { chainWorkflow, packageNode } from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';
import { COMPAT_MODEL, COMPAT_TASKS, compatNode } from './compat-helpers';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(async () => await emu.close());
beforeEach(() => reset(emu));

/** sd2-mini, 5 s text to video: the price of one item. */
const PRICE = 100;
let workflows = 0;

const prompts = (count: number, tag: string) =>
	Array.from({ length: count }, (_, index) => ({ prompt: `${tag} ${index}` }));

const capped = (cap: number, extra: IDataObject = {}) =>
	textToVideoNode({ batchOptions: { dailyCreditCap: cap, ...extra } });

async function run(node: StepNode, items: IDataObject[], workflowId: string) {
	return await runWorkflow(chainWorkflow([node]), {
		credentials: emulatorCredentials(emu),
		items,
		workflowId,
	});
}

const spent = async (before: number) => before - (await credits(emu)).credits;

describe('Daily Credit Cap', () => {
	test('refuses the items past the cap before sending, across executions, and says the day resets at midnight', async () => {
		const node = capped(3 * PRICE);
		const workflowId = `cap-${++workflows}`;
		const start = (await credits(emu)).credits;
		const first = (await run(node, prompts(2, 'first'), workflowId)).output('Create Video');
		expect(first.map((item) => item.json.taskId)).toEqual([expect.any(String), expect.any(String)]);
		expect(first.map((item) => (item.json.dailySpend as IDataObject).creditsToday)).toEqual([
			PRICE,
			2 * PRICE,
		]);
		const second = (await run(node, prompts(3, 'second'), workflowId)).output('Create Video');
		expect(second[0].json.taskId).toEqual(expect.any(String));
		for (const item of second.slice(1)) {
			expect(item.json.taskCreated).toBe('no');
			expect(item.json.error).toBe(
				`DAILY_CAP_REACHED: item not sent, it is estimated at ${PRICE} credits and today's spend is ${3 * PRICE} of the Daily Credit Cap of ${3 * PRICE} credits`,
			);
			expect(item.json.errorDescription).toMatch(
				/^The cap counts this node's credits over every execution of this workflow since midnight\. The day resets at midnight \(America\/New_York\), in (\d+ h )?\d+ min \(\d{4}-\d\d-\d\dT0[45]:00:00\.000Z\)\. To spend more today, raise Daily Credit Cap in Batch Options\. Nothing was sent and no credits were spent\.$/,
			);
			expect(item.json.dailySpend).toMatchObject({ creditsToday: 3 * PRICE, cap: 3 * PRICE });
		}
		expect(await createsPerPrompt(emu, ['second 0', 'second 1', 'second 2'])).toEqual([1, 0, 0]);
		expect(await spent(start)).toBe(3 * PRICE);
	});

	test('when every item is past the cap the node stops with the cap in its error, and sends nothing', async () => {
		const node = capped(PRICE, {});
		delete node.onError;
		const workflowId = `cap-${++workflows}`;
		await run(node, prompts(1, 'fills'), workflowId);
		const refused = await run(node, prompts(2, 'over'), workflowId);
		expect(refused.error?.message).toMatch(
			/^DAILY_CAP_REACHED: .*Daily Credit Cap of 100 credits$/,
		);
		expect(await createsPerPrompt(emu, ['over 0', 'over 1'])).toEqual([0, 0]);
	});

	test('a smaller item after a refused one still fits; the cap is per node and per workflow', async () => {
		const node = capped(2 * PRICE);
		const workflowId = `cap-${++workflows}`;
		const items = [{ prompt: 'a' }, { prompt: 'long', duration: 10 }, { prompt: 'b' }];
		node.parameters.duration = '={{ $json.duration ?? 5 }}';
		const out = (await run(node, items, workflowId)).output('Create Video');
		expect(out.map((item) => item.json.taskCreated ?? 'yes')).toEqual(['yes', 'no', 'yes']);
		const elsewhere = (await run(node, prompts(1, 'other'), `cap-${++workflows}`)).output(
			'Create Video',
		);
		expect(elsewhere[0].json.taskId).toEqual(expect.any(String));
	});

	test('a create the service refuses, and the items a 402 stops, give their reservation back', async () => {
		const node = capped(2 * PRICE, { concurrency: 1 });
		const workflowId = `cap-${++workflows}`;
		await control(emu, '/faults', {
			path: '/api/v1/jobs/createTask',
			status: 402,
			bodyIncludes: 'poor 0"',
		});
		const poor = (await run(node, prompts(2, 'poor'), workflowId)).output('Create Video');
		expect(poor.map((item) => item.json.taskCreated)).toEqual(['no', 'no']);
		expect(poor[1].json.dailySpend).toMatchObject({ creditsToday: 0 });
		const later = (await run(node, prompts(2, 'later'), workflowId)).output('Create Video');
		expect(later.map((item) => item.json.taskId)).toEqual([expect.any(String), expect.any(String)]);
	});
});

describe("Daily Credit Cap and n8n's Retry", () => {
	test('a Retry that re-sends nothing reserves nothing: the day keeps room for the next run', async () => {
		const node = capped(3 * PRICE);
		const workflowId = `cap-${++workflows}`;
		const first = await run(node, prompts(2, 'retried'), workflowId);
		const retry = await runWorkflow(chainWorkflow([node]), {
			credentials: emulatorCredentials(emu),
			items: prompts(2, 'retried'),
			workflowId,
			mode: 'retry',
			retryOf: first.executionId,
		});
		expect(retry.output('Create Video').map((item) => item.json.skipped)).toEqual([true, true]);
		expect(await createsPerPrompt(emu, ['retried 0', 'retried 1'])).toEqual([1, 1]);
		const next = (await run(node, prompts(2, 'next'), workflowId)).output('Create Video');
		expect(next.map((item) => item.json.taskCreated ?? 'yes')).toEqual(['yes', 'no']);
		expect(next[1].json.error).toContain(`today's spend is ${3 * PRICE} of the Daily Credit Cap`);
	});
});

describe('Daily Credit Cap on a tool', () => {
	test("an agent's second call past the cap creates nothing and the answer tells the model what to pass on", async () => {
		const tool = packageNode(
			'Create Video',
			'createVideoTool',
			{ model: 'sd2-mini', batchOptions: { dailyCreditCap: PRICE } },
			{ typeVersion: 2, id: `cap-tool-${++workflows}` },
		);
		const workflowId = `cap-${++workflows}`;
		const first = await run(tool, [{ prompt: 'first call' }], workflowId);
		expect(first.json('Create Video')[0]).toMatchObject({ estimatedCredits: PRICE });
		const second = (await run(tool, [{ prompt: 'second call' }], workflowId)).json('Create Video');
		expect(second[0]).toMatchObject({ state: 'not created' });
		expect(second[0].error).toContain('DAILY_CAP_REACHED');
		expect(second[0].error).toContain(
			'Tell the user: the Daily Credit Cap of this tool is spent for today; it resets at midnight',
		);
		expect(await createsPerPrompt(emu, ['second call'])).toEqual([0]);
	});
});

describe('Daily Task Cap (Compat Task)', () => {
	test('counts tasks: the third task of the day is refused before sending', async () => {
		const node = compatNode(
			'Compat Task',
			{
				resource: 'task',
				operation: 'create',
				model: COMPAT_MODEL,
				prompt: '={{ $json.prompt }}',
				batchOptions: { dailyTaskCap: 2 },
			},
			{ id: `compat-cap-${++workflows}`, onError: 'continueRegularOutput' },
		);
		const workflowId = `cap-${++workflows}`;
		const out = (await run(node, prompts(3, 'compat'), workflowId)).output('Compat Task');
		expect(out.map((item) => item.json.taskCreated ?? 'yes')).toEqual(['yes', 'yes', 'no']);
		expect(out[2].json.error).toBe(
			"DAILY_CAP_REACHED: item not sent, it is one more task and today's spend is 2 of the Daily Task Cap of 2 tasks",
		);
		expect(out[2].json.dailySpend).toMatchObject({ tasksToday: 2, cap: 2 });
		const sent = (await logged(emu, COMPAT_TASKS)).filter(({ method }) => method === 'POST');
		expect(sent).toHaveLength(2);
	});
});
