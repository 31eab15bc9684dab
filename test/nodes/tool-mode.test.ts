import { toolWaitField } from '../../nodes/settings/wait';
import { TOOL_WAIT_SECONDS } from '../../nodes/shared/tool/detect';
import type { RunningEmulator } from '../emulator';
import { addAccount, logged, startFast } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { NO_OP_TYPE } from '../harness/stand-ins/no-op';
import { emulatorCredentials, runSteps } from '../helpers/nodes';
import { chainWorkflow, COMPAT_CREDENTIAL, packageNode } from '../helpers/workflow';
import { COMPAT_MODEL } from './compat-helpers';
import type { StepNode } from '../helpers/workflow';

/**
 * The nodes as n8n makes them tools (type `<node>Tool`, test/harness/package-types.ts), on their
 * defaults: the item a model's call hands them (its $fromAI values) in, one answer out that names
 * every task with its state (n8n gives a tool's caller only the first output; docs/agents.md).
 */
let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

/** A tool added now: every node's newest version is 2. */
const tool = (name: string, type: string, parameters: Record<string, unknown> = {}): StepNode =>
	packageNode(name, `${type}Tool`, parameters, { typeVersion: 2 });

const creates = async () => (await logged(emu, '/api/v1/jobs/createTask')).length;

describe('Create Video as a tool, on its defaults', () => {
	test('the prompt comes from the model; the answer is the task, completed, with its URL and credits, no binary', async () => {
		const apiKey = await addAccount(emu, 'tool-done', { credits: 5000 });
		const run = await runSteps(emu, [tool('Create Video', 'createVideo', { model: 'sd2-mini' })], {
			apiKey,
			items: [{ prompt: 'a kite over the sea' }],
		});
		const [answer] = run.output('Create Video');
		expect(answer.binary).toBeUndefined();
		expect(answer.json).toMatchObject({
			state: 'completed',
			model: 'sd2-mini',
			estimatedCredits: 100,
			creditsUsed: 100,
			resultUrl: expect.stringMatching(/^http/),
			next: expect.stringContaining('give the user resultUrl'),
		});
		const [request] = await logged(emu, '/api/v1/jobs/createTask');
		expect(JSON.stringify(request)).toContain('a kite over the sea');
	});

	test("the tool's Download Result Files, turned on, keeps the file in binary data for a later node", async () => {
		const apiKey = await addAccount(emu, 'tool-download', { credits: 5000 });
		const run = await runSteps(
			emu,
			[tool('Create Video', 'createVideo', { model: 'sd2-mini', download: true })],
			{ apiKey, items: [{ prompt: 'kept as a file' }] },
		);
		const [answer] = run.output('Create Video');
		expect(answer.json).toMatchObject({ state: 'completed' });
		expect(answer.binary?.data?.mimeType).toBe('video/mp4');
	});

	test('a failed task is in the one answer, with its error and that it was billed', async () => {
		const apiKey = await addAccount(emu, 'tool-failed', { credits: 5000 });
		const run = await runSteps(emu, [tool('Create Video', 'createVideo', { model: 'sd2-mini' })], {
			apiKey,
			items: [{ prompt: 'doomed [fail]' }],
		});
		expect(run.error).toBeUndefined();
		expect(run.json('Create Video')).toEqual([
			expect.objectContaining({
				taskId: expect.any(String),
				state: 'failed',
				error: expect.stringContaining('[fail]'),
				next: expect.stringContaining('billed'),
			}),
		]);
	});

	test('a task still running when Wait in One Call ends is answered with its id and the tool that reads it', async () => {
		const apiKey = await addAccount(emu, 'tool-running', { credits: 5000 });
		const slow = await startFast({ taskDurationMs: 60_000 });
		try {
			const run = await runSteps(
				slow,
				[tool('Create Video', 'createVideo', { model: 'sd2-mini', toolWaitSeconds: 1 })],
				{
					apiKey: await addAccount(slow, 'tool-running', { credits: 5000 }),
					items: [{ prompt: 'slow' }],
				},
			);
			const [answer] = run.json('Create Video');
			expect(answer).toMatchObject({ taskId: expect.any(String), state: 'running' });
			expect(answer.error).toBeUndefined(); // running is no failure
			expect(answer.next).toContain('Wait For Task tool');
			expect(answer.next).toContain(String(answer.taskId));
		} finally {
			slow.close();
		}
		expect(apiKey).toBeTruthy();
	});

	test('a call over the Credit Cap per Call creates nothing and says why in words for the model', async () => {
		const apiKey = await addAccount(emu, 'tool-cap', { credits: 5000 });
		const before = await creates();
		const run = await runSteps(
			emu,
			[tool('Create Video', 'createVideo', { model: 'sd2-mini', toolCreditCapPerCall: 50 })],
			{ apiKey, items: [{ prompt: 'too dear' }] },
		);
		expect(await creates()).toBe(before);
		const [answer] = run.json('Create Video');
		expect(answer).toMatchObject({ state: 'not created', estimatedCredits: 100 });
		expect(answer.error).toContain('BUDGET_EXCEEDED');
		expect(answer.error).toContain('Credit Cap per Call 50');
		expect(answer.error).toContain('Nothing was created or charged');
	});
});

describe('Credit Cap per Execution', () => {
	test("the tool's second call in one execution gets what the first left, and is refused over it", async () => {
		const apiKey = await addAccount(emu, 'tool-execution-cap', { credits: 5000 });
		const before = await creates();
		// the tool runs twice in one execution: once per branch that reaches it
		const workflow = chainWorkflow([
			{ name: 'First Call', type: NO_OP_TYPE, parameters: {} },
			{ name: 'Second Call', type: NO_OP_TYPE, parameters: {}, from: ['Start', 0] },
			{
				...tool('Create Video', 'createVideo', {
					model: 'sd2-mini',
					// set, not $fromAI: n8n reads $fromAI of a node's second run from an agent's request only
					prompt: 'once within the cap',
					waitForCompletion: 'none',
					toolCreditCapPerExecution: 150,
				}),
				from: ['First Call', 0],
			},
		]);
		workflow.connections['Second Call'] = {
			main: [[{ node: 'Create Video', type: 'main', index: 0 }]],
		};
		const run = await runWorkflow(workflow, {
			credentials: emulatorCredentials(emu, apiKey),
			items: [{ prompt: 'once within the cap' }],
		});
		const answers = run.runData['Create Video']!.map((one) => one.data?.main[0]?.[0]?.json);
		expect(answers).toEqual([
			expect.objectContaining({ state: 'running', estimatedCredits: 100 }),
			expect.objectContaining({ state: 'not created', estimatedCredits: 100 }),
		]);
		expect(answers[1]?.error).toContain('50 left of 150 per Execution');
		expect((await creates()) - before).toBe(1);
	});
});

describe('a tool call never pauses', () => {
	test('a tool saved with Until the Service Calls Back waits as Wait does, bounded, and answers the result', async () => {
		const apiKey = await addAccount(emu, 'tool-callback', { credits: 5000 });
		const run = await runSteps(
			emu,
			[tool('Create Video', 'createVideo', { model: 'sd2-mini', waitForCompletion: 'callback' })],
			{ apiKey, items: [{ prompt: 'saved long ago' }] },
		);
		expect(run.json('Create Video')).toEqual([expect.objectContaining({ state: 'completed' })]);
	});

	test("Wait in One Call's default is the one a tool falls back on", () => {
		expect(toolWaitField().default).toBe(TOOL_WAIT_SECONDS);
		expect(TOOL_WAIT_SECONDS).toBeLessThan(60); // the MCP TypeScript SDK's request timeout
	});
});

describe('Wait For Task as a tool', () => {
	test('Get Task answers a running task as running (not an empty list), and a failed one as failed', async () => {
		const apiKey = await addAccount(emu, 'tool-get', { credits: 5000 });
		const slow = await startFast({ taskDurationMs: 60_000 });
		try {
			const key = await addAccount(slow, 'tool-get', { credits: 5000 });
			const created = await runSteps(
				slow,
				[tool('Create Video', 'createVideo', { model: 'sd2-mini', waitForCompletion: 'none' })],
				{ apiKey: key, items: [{ prompt: 'running' }] },
			);
			const [{ taskId }] = created.json('Create Video');
			expect(created.json('Create Video')[0]).toMatchObject({ state: 'running' });
			const read = await runSteps(
				slow,
				[tool('Wait For Task', 'waitForTask', { operation: 'get' })],
				{ apiKey: key, items: [{ taskId }] },
			);
			expect(read.json('Wait For Task')).toEqual([
				expect.objectContaining({ taskId, state: 'running' }),
			]);
		} finally {
			slow.close();
		}
		const failed = await runSteps(
			emu,
			[tool('Create Video', 'createVideo', { model: 'sd2-mini', waitForCompletion: 'none' })],
			{
				apiKey,
				items: [{ prompt: 'x [fail]' }],
			},
		);
		const [{ taskId }] = failed.json('Create Video');
		const waited = await runSteps(emu, [tool('Wait For Task', 'waitForTask')], {
			apiKey,
			items: [{ taskId }],
		});
		expect(waited.json('Wait For Task')).toEqual([
			expect.objectContaining({
				taskId,
				state: 'failed',
				error: expect.stringContaining('[fail]'),
			}),
		]);
	});
});

describe('Compat Task and Upscale as tools', () => {
	test("Compat Task: the model's prompt makes one compat task, answered with its id and video URL, and the tool that reads it", async () => {
		const compat = (parameters: Record<string, unknown>) => ({
			...tool('Compat Task', 'compatTask', parameters),
			credentials: COMPAT_CREDENTIAL,
		});
		const done = await runSteps(
			emu,
			[compat({ resource: 'task', operation: 'create', model: COMPAT_MODEL })],
			{ items: [{ prompt: 'a compat kite' }] },
		);
		expect(done.json('Compat Task')).toEqual([
			expect.objectContaining({
				taskId: expect.any(String),
				state: 'completed',
				resultUrl: expect.stringMatching(/^http/),
			}),
		]);
		const slow = await startFast({ taskDurationMs: 60_000 });
		try {
			const created = await runSteps(
				slow,
				[
					compat({
						resource: 'task',
						operation: 'create',
						model: COMPAT_MODEL,
						waitForCompletion: 'none',
					}),
				],
				{ items: [{ prompt: 'a slow compat kite' }] },
			);
			const [answer] = created.json('Compat Task');
			expect(answer).toMatchObject({ taskId: expect.any(String), state: 'running' });
			expect(answer.next).toContain('Compat Task tool set to Task → Get');
			const read = await runSteps(slow, [compat({ resource: 'task', operation: 'get' })], {
				items: [{ taskId: answer.taskId }],
			});
			expect(read.json('Compat Task')).toEqual([
				expect.objectContaining({ taskId: answer.taskId, state: 'running' }),
			]);
		} finally {
			slow.close();
		}
	});

	test("Upscale Video: the model gives the video's URL", async () => {
		const apiKey = await addAccount(emu, 'tool-upscale', { credits: 5000 });
		const made = await runSteps(emu, [tool('Create Video', 'createVideo', { model: 'sd2-mini' })], {
			apiKey,
			items: [{ prompt: 'to be upscaled' }],
		});
		const [{ resultUrl }] = made.json('Create Video');
		const run = await runSteps(emu, [tool('Upscale Video', 'upscale')], {
			apiKey,
			items: [{ videoUrl: resultUrl }],
		});
		expect(run.json('Upscale Video')).toEqual([
			expect.objectContaining({ taskId: expect.any(String), state: 'completed' }),
		]);
	});
});

describe('as a workflow node, nothing changes', () => {
	test('Create Video keeps its fields and downloads on its defaults', async () => {
		const apiKey = await addAccount(emu, 'tool-node', { credits: 5000 });
		const run = await runSteps(
			emu,
			[
				packageNode(
					'Create Video',
					'createVideo',
					{ model: 'sd2-mini', prompt: 'a node' },
					{ typeVersion: 2 },
				),
			],
			{ apiKey },
		);
		const [item] = run.output('Create Video');
		expect(item.binary).toBeDefined();
		expect(item.json).not.toHaveProperty('state');
		expect(item.json).toMatchObject({ status: 'COMPLETED', taskId: expect.any(String) });
	});
});
