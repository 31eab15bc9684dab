// What the queue-mode test files share: the stack the global set-up started (its state file), a
// logged-in session of the main process, workflows started through its REST API and their
// executions read back, which worker ran them (the workers' logs), and stored binary data read
// through the main (it is in the database, not on a disk the test could read).
import fs from 'node:fs';
import path from 'node:path';

import { readExecution } from '../../scripts/n8n/rest.mjs';
import { until } from '../e2e/context.mjs';
import { STATE_FILE } from './paths.mjs';

export { emulator, isMp4, itemsOf, jsonOf, DEMO_KEY, sleep, until } from '../e2e/context.mjs';

/** @returns {{ mainUrl: string, cookie: string, webhookUrls: string[], workers: string[], logsDir: string, emulatorUrl: string }} */
export function stack() {
	if (!fs.existsSync(STATE_FILE))
		throw new Error(
			'no queue stack: run the suite with npm run test:queue (its global set-up starts it)',
		);
	return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
}

/**
 * The owner's session on the main process, logged in once by the global set-up (n8n limits how
 * often one may log in): its cookie and a request() like instance.mjs login()'s.
 */
export async function session() {
	const { mainUrl, cookie } = stack();
	const request = async (method, urlPath, body) => {
		const r = await fetch(`${mainUrl}${urlPath}`, {
			method,
			headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await r.text();
		return { status: r.status, json: text.startsWith('{') ? JSON.parse(text) : undefined, text };
	};
	return { cookie, request };
}

/**
 * Starts a saved workflow from its manual trigger, as the editor's "Execute workflow" does; in
 * queue mode (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS) a worker runs it. Returns the execution id.
 * @param {any} workflow
 */
export async function startManually(workflow) {
	const manual = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	const answer = await (
		await session()
	).request('POST', `/rest/workflows/${workflow.id}/run`, {
		triggerToStartFrom: { name: manual.name },
	});
	if (answer.status !== 200 || !answer.json?.data?.executionId)
		throw new Error(`running ${workflow.id} answered ${answer.status}: ${answer.text}`);
	return answer.json.data.executionId;
}

/** An execution once it has finished (not new, running or waiting), read back from the main. */
export async function finished(executionId, timeoutMs = 180_000) {
	const s = await session();
	return until(
		async () => {
			const run = await readExecution(s, executionId).catch(() => undefined);
			return run && !['new', 'running', 'waiting'].includes(run.status) ? run : undefined;
		},
		`execution ${executionId} to finish`,
		timeoutMs,
	);
}

/** The workflow's executions (newest first), whatever their state. */
export async function executionsOf(workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = (
		await (await session()).request('GET', `/rest/executions?filter=${filter}&limit=100`)
	).json?.data;
	return answer?.results ?? answer ?? [];
}

/** The names of the workers whose log says they ran (or resumed) an execution, once per run. */
export function workersThatRan(executionId) {
	const { logsDir, workers } = stack();
	const line = new RegExp(`Worker started execution ${executionId} \\(job`, 'g');
	return workers.flatMap((name) => {
		const text = fs.readFileSync(path.join(logsDir, `${name}.log`), 'utf8');
		return (text.match(line) ?? []).map(() => name);
	});
}

/** The bytes of a binary entry, through the main's REST API (binary data mode `database`). */
export async function binaryBytes(binary) {
	const { cookie } = await session();
	const url = `${stack().mainUrl}/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download`;
	const res = await fetch(url, { headers: { cookie } });
	if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
	return Buffer.from(await res.arrayBuffer());
}
