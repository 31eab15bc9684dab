/**
 * Every create is in n8n's log at its default level (info) from the moment the service answers:
 * the task id, the execution, the workflow, the node, the item and the estimate. n8n saves a
 * node's output only when it ends, so this line is what is left of a paid task when n8n dies
 * while the node waits (test/durable shows it with a real n8n killed mid-wait).
 */
import type { RunningEmulator } from '../emulator';
import { control, startFast, waitFor } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { harnessLog } from '../harness/environment';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(async () => await emu.close());

const video = chainWorkflow([
	packageNode('Make Clips', 'createVideo', {
		model: 'sd2-mini',
		generationMode: 'textToVideo',
		prompt: '={{ $json.prompt }}',
		duration: 4,
		waitForCompletion: 'none',
	}),
]);

/** The JSON lines of n8n's log file whose message contains `text`. */
async function logLines(text: string, count: number): Promise<Array<Record<string, unknown>>> {
	return await waitFor(async () => {
		const lines = harnessLog()
			.split('\n')
			.filter((line) => line.includes(text))
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		return lines.length >= count ? lines : undefined;
	}, `${count} log lines with "${text}"`);
}

// The printed text of a line at n8n's default log settings (console, text, info) is its message
// alone: the message names the task, the item, the execution, the workflow and the estimate.
test('each created task is logged with its id, execution, workflow, node, item and estimate, in the message itself', async () => {
	const run = await runWorkflow(video, {
		credentials: emulatorCredentials(emu),
		items: [{ prompt: 'a tide pool' }, { prompt: 'a salt flat' }],
	});
	const tasks = run.json('Make Clips');
	const executions = new Set<unknown>();
	for (const [itemIndex, task] of tasks.entries()) {
		const [line] = await logLines(`created generation task ${String(task.taskId)}`, 1);
		expect(line).toMatchObject({
			level: 'info',
			message: `Make Clips: created generation task ${String(task.taskId)} (item ${itemIndex}, execution ${String((line.metadata as { executionId: string }).executionId)}, workflow harness, estimate 80 credits)`,
			metadata: expect.objectContaining({
				taskId: task.taskId,
				executionId: expect.any(String),
				workflowId: expect.any(String),
				node: 'Make Clips',
				itemIndex,
				estimatedCredits: 80,
			}),
		});
		executions.add((line.metadata as { executionId: string }).executionId);
	}
	expect(executions.size).toBe(1);
	const [execution] = executions;
	expect(
		await logLines(
			`Make Clips: sending a create (item 1, execution ${String(execution)}, workflow harness, estimate 80 credits)`,
			1,
		),
	).toHaveLength(1);
});

test('a create with no clear answer is logged as a warning: its task may exist and be billed', async () => {
	await control(emu, '/faults', { path: '/api/v1/jobs/createTask', drop: true });
	await runWorkflow(video, {
		credentials: emulatorCredentials(emu),
		items: [{ prompt: 'a lost answer' }],
	});
	const [line] = await logLines('a create got no clear answer', 1);
	expect(line).toMatchObject({
		level: 'warn',
		message: expect.stringContaining(
			'Make Clips: a create got no clear answer, its task may exist and be billed (item 0, execution ',
		),
	});
});
