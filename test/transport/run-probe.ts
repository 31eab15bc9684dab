import { runWorkflow } from '../harness';
import type { RunOptions, RunResult, WorkflowJson } from '../harness';
import { startWorkflow } from '../harness/cancellable';
import { chainWorkflow, COMPAT_CREDENTIAL, UNIFIED_CREDENTIAL } from '../helpers/workflow';
import { scriptedServer } from './scripted-server';
import type { Reply } from './scripted-server';
import { TRANSPORT_PROBE, TransportProbe } from './transport-probe.node';

export const KEY = 'sk-test-secret-key-123';

export const createTask = { method: 'POST', path: '/jobs/createTask', body: '{"model":"sd2"}' };
export const credits = { method: 'GET', path: '/account/credits' };

/** A workflow of one transport probe whose credentials point at `baseUrl`. */
export function probeRun(
	baseUrl: string,
	parameters: Record<string, unknown>,
	onError?: string,
): [WorkflowJson, RunOptions] {
	const workflow = chainWorkflow([
		{
			name: 'Probe',
			type: TRANSPORT_PROBE,
			parameters,
			credentials: { ...UNIFIED_CREDENTIAL, ...COMPAT_CREDENTIAL },
			...(onError ? { onError } : {}),
		},
	]);
	const options: RunOptions = {
		credentials: {
			unifiedGenerationApi: { apiKey: KEY, baseUrl: `${baseUrl}/api/v1/` },
			compatVideoApi: { apiKey: KEY, baseUrl },
		},
		extraNodeTypes: { [TRANSPORT_PROBE]: new TransportProbe() },
	};
	return [workflow, options];
}

/** Runs the probe against a scripted server; returns the run, what the server saw, and how long it took. */
export async function send(
	replies: Reply[],
	parameters: Record<string, unknown>,
	onError?: string,
) {
	const server = await scriptedServer(replies);
	const started = Date.now();
	try {
		const run = await runWorkflow(...probeRun(server.url, parameters, onError));
		return { run, seen: server.seen, elapsedMs: Date.now() - started };
	} finally {
		await server.close();
	}
}

/** Like `send`, but stops the execution once the server has seen `afterRequests` requests. */
export async function sendAndStop(
	replies: Reply[],
	parameters: Record<string, unknown>,
	afterRequests = 1,
) {
	const server = await scriptedServer(replies);
	try {
		const execution = await startWorkflow(...probeRun(server.url, parameters));
		while (server.seen.length < afterRequests)
			await new Promise((resolve) => setTimeout(resolve, 20));
		const stoppedAt = Date.now();
		execution.cancel();
		const run = await execution.result;
		const afterStop = Date.now() - stoppedAt;
		await new Promise((resolve) => setTimeout(resolve, 300));
		return { run, seen: server.seen, afterStopMs: afterStop };
	} finally {
		await server.close();
	}
}

export function expectNoKey(run: RunResult) {
	expect(JSON.stringify(run.error ?? {})).not.toContain(KEY);
	expect(JSON.stringify(run.runData)).not.toContain(KEY);
}
