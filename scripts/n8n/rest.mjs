// What the scripts and suites do through a logged-in session of a running n8n (`login` in
// instance.mjs): activate a workflow, read a saved execution. Plain Node ESM.
import { createRequire } from 'node:module';
import path from 'node:path';

import { APP_DIR } from './paths.mjs';

/** n8n saves an execution's data in flatted's format; n8n's own copy reads it (loaded once n8n is installed). */
const flatted = () => createRequire(path.join(APP_DIR, 'package.json'))('flatted');

/**
 * Activates a workflow at its current version; throws with n8n's answer when refused.
 * @param {{ request: Function }} session
 * @param {string} workflowId
 */
export async function activateWorkflow(session, workflowId) {
	const { versionId } = (await session.request('GET', `/rest/workflows/${workflowId}`)).json.data;
	const answer = await session.request('POST', `/rest/workflows/${workflowId}/activate`, {
		versionId,
	});
	if (answer.status !== 200)
		throw new Error(`activating ${workflowId} answered ${answer.status}: ${answer.text}`);
}

/**
 * One execution as n8n saved it: its status, mode and times, and its data parsed.
 * @param {{ request: Function }} session
 * @param {string} executionId
 */
export async function readExecution(session, executionId) {
	const execution = (await session.request('GET', `/rest/executions/${executionId}`)).json.data;
	const { status, mode, startedAt, stoppedAt } = execution;
	return { status, mode, startedAt, stoppedAt, data: flatted().parse(execution.data) };
}

/**
 * Waits until n8n serves an active workflow's production webhook: activation answers before n8n
 * has registered it (a call in between answers 404). A CORS preflight lists the registered methods.
 * @param {string} webhookUrl
 * @param {string} [method]
 */
export async function webhookRegistered(webhookUrl, method = 'POST') {
	const preflight = {
		method: 'OPTIONS',
		headers: { origin: 'http://127.0.0.1', 'access-control-request-method': method },
	};
	for (const deadline = Date.now() + 120_000; Date.now() < deadline; await delay(500)) {
		const methods =
			(await fetch(webhookUrl, preflight)).headers.get('access-control-allow-methods') ?? '';
		if (methods.includes(method)) return;
	}
	throw new Error(
		`the webhook ${webhookUrl} of the activated workflow was not registered within 2 minutes`,
	);
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
