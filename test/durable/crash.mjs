// What the durable suite's tests share: an n8n server that can be killed as a crash kills it
// (SIGKILL to n8n and its task runners, nothing saved on the way out) and started again on the
// same user folder and port; workflows that start from a production webhook; n8n's log.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { DEMO_OWNER, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow, readExecution, webhookRegistered } from '../../scripts/n8n/rest.mjs';
import { freePort, startN8n } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, until } from '../e2e/context.mjs';

export { sleep, until } from '../e2e/context.mjs';

/**
 * `n8n start` on a fixed port (the resume URLs the service keeps name it), logged in as the
 * demo owner. Everything n8n printed, across its lives, stays in `log()`.
 */
export async function n8nServer() {
	const port = await freePort();
	let printed = '';
	let server;
	let session;
	const start = async () => {
		server = await startN8n({
			userFolder: USER_FOLDER,
			port,
			env: ownerEnv(DEMO_OWNER),
			timeoutMs: 5 * 60_000,
			onOutput: (chunk) => (printed += chunk),
		});
		session = await login(server.baseUrl, DEMO_OWNER);
	};
	await start();
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		request: (...args) => session.request(...args),
		log: () => printed,
		/** The running n8n's process id. */
		pid: () => server.child.pid,
		/** A crash: SIGKILL to n8n and every process it started, no shutdown of any kind. */
		crash: async () => {
			killTree(server.child.pid);
			await until(
				async () =>
					server.child.exitCode === null && server.child.signalCode === null ? undefined : true,
				'n8n to die',
				10_000,
			);
		},
		restart: start,
		stop: async () => await server?.stop(),
	};
}

function killTree(pid) {
	for (const child of childrenOf(pid)) killTree(child);
	try {
		process.kill(pid, 'SIGKILL');
	} catch {
		// gone already
	}
}

function childrenOf(pid) {
	try {
		return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
			.split('\n')
			.map((line) => Number(line.trim()))
			.filter(Boolean);
	} catch {
		return []; // ps exits 1 when there are none
	}
}

const PROMPTS_CODE = (prompts) =>
	`return ${JSON.stringify(prompts)}.map((prompt) => ({ json: { prompt } }));`;

/**
 * A production workflow: Webhook (POST) → the prompts as items → `steps` in a chain. Saved and
 * activated; `start()` calls its webhook as a scheduler or an outside system would.
 */
export async function productionWorkflow(server, name, prompts, steps) {
	const path = `durable-${randomUUID()}`;
	const nodes = [
		webhookNode('Webhook', path, [0, 0]),
		{
			name: 'Prompts',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: PROMPTS_CODE(prompts) },
		},
		...steps.map((step, index) => ({
			position: [440 + 220 * index, 0],
			id: randomUUID(),
			...step,
		})),
	];
	const chain = nodes.map((node) => node.name);
	const connections = Object.fromEntries(
		chain
			.slice(0, -1)
			.map((from, index) => [
				from,
				{ main: [[{ node: chain[index + 1], type: 'main', index: 0 }]] },
			]),
	);
	return await activeWorkflow(server, { name, nodes, connections }, path);
}

/** A Webhook trigger (POST, answers at once) at `path`. */
export const webhookNode = (name, path, position) => ({
	name,
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	position,
	webhookId: randomUUID(),
	parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
});

/**
 * Saves and activates a workflow whose trigger is a Webhook at `path`; `start()` calls it and
 * resolves with the id of the execution it started.
 */
export async function activeWorkflow(server, { name, nodes, connections, settings }, path) {
	const webhookBase = server.webhookBase ?? server.baseUrl;
	const saved = await server.request('POST', '/rest/workflows', {
		name,
		nodes: nodes.map((node) => ({ id: randomUUID(), ...node })),
		connections,
		settings: settings ?? { executionOrder: 'v1' },
	});
	if (saved.status !== 200) throw new Error(`saving ${name}: ${saved.status} ${saved.text}`);
	const workflowId = saved.json.data.id;
	await activateWorkflow(server, workflowId);
	await webhookRegistered(`${webhookBase}/webhook/${path}`);
	return {
		workflowId,
		/** Calls the webhook; resolves with the id of the execution it started. */
		start: async () => {
			// after a restart n8n answers before it has registered its active workflows' webhooks again
			await webhookRegistered(`${webhookBase}/webhook/${path}`);
			const before = new Set((await executions(server, workflowId)).map((e) => e.id));
			const res = await fetch(`${webhookBase}/webhook/${path}`, { method: 'POST' });
			if (res.status !== 200)
				throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
			const started = await until(
				async () => (await executions(server, workflowId)).find((e) => !before.has(e.id)),
				'the execution the webhook started',
			);
			return String(started.id);
		},
	};
}

/** The workflow's executions, newest first, with their status and mode. */
export async function executions(server, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = (await server.request('GET', `/rest/executions?filter=${filter}&limit=100`)).json
		?.data;
	return answer?.results ?? answer ?? [];
}

export const readRun = (server, executionId) => readExecution(server, executionId);

/** Waits until the execution is in one of `statuses`; returns it as saved (a timeout names the last status). */
export async function runIn(server, executionId, statuses, timeoutMs) {
	let last;
	try {
		return await until(
			async () => {
				const run = await readRun(server, executionId);
				last = run.status;
				return statuses.includes(last) ? run : undefined;
			},
			`execution ${executionId} to be ${statuses.join(' or ')}`,
			timeoutMs,
		);
	} catch (error) {
		throw new Error(`${error.message} (last seen: ${last})`);
	}
}

/**
 * A crash of one process of a queue-mode stack: SIGKILL to its process group (n8n and its task
 * runners; scripts/lib/process-group.mjs starts each as a group leader).
 */
export async function crashGroup(proc) {
	try {
		process.kill(-proc.child.pid, 'SIGKILL');
	} catch {
		// gone already
	}
	await proc.exited;
}

/** The task ids n8n's log names as created ("<node>: created generation task <id> (item N, execution E, …)"). */
export function loggedTaskIds(log) {
	return [...log.matchAll(/: created generation task (\S+) \(item (\d+), execution /g)].map(
		([, id, item]) => ({
			id,
			item: Number(item),
		}),
	);
}

/** n8n's Retry of a crashed execution (its saved workflow); resolves with the retry as saved, once it ended. */
export async function retryExecution(server, workflowId, executionId) {
	const retry = await server.request('POST', `/rest/executions/${executionId}/retry`, {
		loadWorkflow: false,
	});
	if (retry.status !== 200) throw new Error(`retry answered ${retry.status}: ${retry.text}`);
	return await until(async () => {
		const list = await executions(server, workflowId);
		const run = list.find(
			(e) => String(e.retryOf) === executionId && !['new', 'running'].includes(e.status),
		);
		return run ? await readRun(server, String(run.id)) : undefined;
	}, 'the retry');
}

/**
 * n8n's Retry of an execution; resolves with the retry's id and its run once it ended. n8n answers
 * the retry's POST only then: a caller that does not await it has just started the retry.
 */
export async function retryRun(server, executionId) {
	const retry = await server.request('POST', `/rest/executions/${executionId}/retry`, {
		loadWorkflow: false,
	});
	if (retry.status !== 200) throw new Error(`retry answered ${retry.status}: ${retry.text}`);
	const id = String(retry.json.data.id);
	return { id, run: await runIn(server, id, ['success', 'error', 'crashed', 'canceled'], 60_000) };
}
