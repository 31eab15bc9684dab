// The durable suite's workflows and the emulator's view of them: README's production recipe,
// Create Video's default (polling), and what the service counted (creates, task ids).
import { emulatorClient } from '../../scripts/lib/emulator-process.mjs';
import { emulator } from '../e2e/context.mjs';
import { loggedTaskIds } from './crash.mjs';
import { CREDENTIALS, createVideo } from './nodes.mjs';

export { createVideo };

export const emu = emulator();
export const { control } = emulatorClient(emu.url);

const PROMPTS = [
	'a fox in snow',
	'a kite at dusk',
	'a wave at noon',
	'a lamp in fog',
	'a ship at night',
	'a bell in rain',
	'a moth at dawn',
	'a train in mist',
];

/** `count` prompts (5, up to 8) unique to one test (`tag`), so the emulator's log tells its creates apart. */
export const promptsFor = (tag, count = 5) =>
	PROMPTS.slice(0, count).map((prompt) => `${prompt} (${tag})`);

const waitForTask = {
	name: 'Wait For Task',
	type: 'n8n-nodes-unified-generation.waitForTask',
	typeVersion: 1,
	credentials: CREDENTIALS,
	parameters: {
		operation: 'wait',
		download: true,
		waitOptions: { pollIntervalSeconds: 1, maxPollIntervalSeconds: 2, timeoutMinutes: 5 },
	},
};

/** README's production recipe: Create Video waiting by callback, then Wait For Task downloading. */
export const recipe = (timeoutMinutes) => [
	createVideo({
		waitForCompletion: 'callback',
		download: false,
		callbackTimeoutMinutes: timeoutMinutes,
	}),
	waitForTask,
];

/** The creates the service received for these prompts. */
export async function createsOf(prompts) {
	const log = await emu.requests('/api/v1/jobs/createTask');
	return log.filter((entry) => prompts.includes(entry.body?.inputs?.prompt));
}

/**
 * Per row (prompt), the creates the service took: a create refused by an injected status fault
 * created nothing; a delayed one creates its task after the delay, even when n8n is gone.
 */
export async function createsPerRow(prompts) {
	const taken = (await createsOf(prompts)).filter((entry) => entry.fault !== 'status');
	return prompts.map(
		(prompt) => taken.filter((entry) => entry.body.inputs.prompt === prompt).length,
	);
}

/** The ids of the generation tasks the emulator holds (the service's own truth, not n8n's). */
export const taskIds = async () => (await control('/tasks')).map((task) => task.taskId);

/** The tasks created since `before` (a list of ids): the tests run one at a time. */
export const createdSince = async (before) =>
	(await taskIds()).filter((id) => !before.includes(id));

/** Whether every task has had its callback and the service's 3 retries (none reached n8n). */
export async function callbacksGivenUp(ids) {
	const attempts = await Promise.all(ids.map((id) => control(`/webhooks?taskId=${id}`)));
	return attempts.every((list) => list.length === 4) ? true : undefined;
}

/** n8n's log names each task as created, with its item (the row). */
export function expectLoggedIds(log, prompts, ids) {
	const logged = loggedTaskIds(log).filter(({ id }) => ids.includes(id));
	expect(logged.map(({ id }) => id).sort()).toEqual([...ids].sort());
	expect(logged.map(({ item }) => item).sort()).toEqual(prompts.map((_, item) => item));
}
