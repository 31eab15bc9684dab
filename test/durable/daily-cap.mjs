// A workflow a public endpoint starts, one item per call: Webhook (answers with the last node's
// item) → Create Video with a Daily Credit Cap, returning at once. What the flood and overlap tests
// of the cap post to; the emulator's request log says what was spent.
import { randomUUID } from 'node:crypto';

import { activeWorkflow, webhookNode } from './crash.mjs';
import { createVideo, createsOf } from './workflows.mjs';

/** sd2-mini, 4 s: the price of one task (nodes/shared/catalog). */
export const TASK_CREDITS = 80;

/** Saves and activates the capped workflow; `call(prompt)` posts one item and returns its answer. */
export async function cappedWorkflow(n8n, name, tasksWorth) {
	const path = `daily-cap-${randomUUID()}`;
	const webhook = webhookNode('Webhook', path, [0, 0]);
	webhook.parameters = { ...webhook.parameters, responseMode: 'lastNode' };
	const create = {
		...createVideo({
			prompt: '={{ $json.body.prompt }}',
			waitForCompletion: 'none',
			batchOptions: { dailyCreditCap: tasksWorth * TASK_CREDITS },
		}),
		onError: 'continueRegularOutput',
		position: [220, 0],
	};
	const connections = { Webhook: { main: [[{ node: create.name, type: 'main', index: 0 }]] } };
	const workflow = await activeWorkflow(n8n, { name, nodes: [webhook, create], connections }, path);
	const url = `${n8n.webhookBase}/webhook/${path}`;
	return {
		...workflow,
		call: async (prompt) => {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ prompt }),
			});
			return { status: res.status, json: await res.json().catch(() => undefined) };
		},
	};
}

/** Calls the workflow once per prompt, at most `inFlight` calls at a time; the answers in order. */
export async function flood(workflow, prompts, inFlight) {
	const answers = new Array(prompts.length);
	let next = 0;
	const lane = async () => {
		while (next < prompts.length) {
			const index = next++;
			answers[index] = await workflow.call(prompts[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(inFlight, prompts.length) }, lane));
	return answers;
}

/** What the calls came to: tasks the service created, answers that were the cap's refusal, the rest. */
export async function tally(prompts, answers) {
	const created = (await createsOf(prompts)).filter((entry) => entry.status === 200).length;
	const refused = answers.filter((answer) =>
		String(answer.json?.error ?? '').startsWith('DAILY_CAP_REACHED'),
	).length;
	return {
		created,
		refused,
		other: answers.length - answers.filter((a) => a.json?.taskId).length - refused,
	};
}
