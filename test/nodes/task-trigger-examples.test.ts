import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { RunningEmulator } from '../emulator';
import { startFast, waitFor } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import type { WorkflowJson } from '../harness';
import { callWebhookMethod } from '../harness/webhook';
import { serveWebhook } from '../harness/webhook-server';
import { emulatorCredentials } from '../helpers/nodes';

/** The shipped pair: the creator example's task calls the trigger example back; and activation. */

const example = (file: string) =>
	JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')) as WorkflowJson;
const TRIGGER = example('trigger-task-finished.json');
const CREATOR = example('trigger-create-with-callback.json');
const secretOf = (json: WorkflowJson) =>
	String(json.nodes.find((node) => node.name === 'Task Finished Trigger')?.parameters.secret);

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());

const options = () => ({ credentials: emulatorCredentials(emu) });

test("the creator example's task starts the trigger example with the task and its video", async () => {
	const server = await serveWebhook(TRIGGER, 'Task Finished Trigger', options());
	try {
		const creator = structuredClone(CREATOR);
		const create = creator.nodes.find((node) => node.name === 'Create Video')!;
		const { callBackUrl } = create.parameters.additionalOptions as { callBackUrl: string };
		// The example targets the demo's n8n on port 5678; here the trigger listens on the test server.
		(create.parameters.additionalOptions as { callBackUrl: string }).callBackUrl =
			`${server.url}${new URL(callBackUrl).search}`;
		const run = await runWorkflow(creator, options());
		expect(run.status).toBe('success');
		const [{ taskId }] = run.json('Create Video');
		const [delivery] = await waitFor(
			async () => (server.deliveries.length ? server.deliveries : undefined),
			'the callback',
		);
		const [[item]] = delivery.workflowData!;
		expect(item.json).toMatchObject({
			taskId,
			status: 'COMPLETED',
			taskType: 'generation',
			outcome: 'succeeded',
			verified: true,
		});
		expect(item.binary?.data).toMatchObject({ mimeType: 'video/mp4' });
	} finally {
		await server.close();
	}
});

test('activating the trigger without a Secret fails with what to fix; with one it succeeds', async () => {
	const open = structuredClone(TRIGGER);
	open.nodes[0].parameters.secret = '';
	await expect(
		callWebhookMethod(open, 'Task Finished Trigger', 'create', options()),
	).rejects.toThrow('Set a Secret on the Task Finished Trigger');
	expect(secretOf(TRIGGER)).not.toBe('');
	await expect(
		callWebhookMethod(TRIGGER, 'Task Finished Trigger', 'create', options()),
	).resolves.toBe(true);
	// Nothing is registered at the service (each task names its own callBackUrl), so n8n always calls create.
	await expect(
		callWebhookMethod(TRIGGER, 'Task Finished Trigger', 'checkExists', options()),
	).resolves.toBe(false);
});
