// First: sets n8n-core's environment before n8n-core is loaded by the imports below.
import { harnessReady } from './environment';

import { ExecutionLifecycleHooks } from 'n8n-core';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { startRun } from './engine';
import { loadPackageCredentials, loadPackageNodes } from './package-types';
import { CredentialTypeRegistry, NodeTypeRegistry } from './registry';
import { toRunResult } from './run-result';
import { standIns } from './stand-ins';
import type { RunOptions, RunResult, WorkflowJson } from './types';
import { asWorkflowBase, createWorkflow } from './workflow';

export type {
	BinaryContent,
	HarnessCredentials,
	RunOptions,
	RunResult,
	WorkflowJson,
	WorkflowNodeJson,
} from './types';
export { disposeHarness } from './environment';

let registries: { nodes: NodeTypeRegistry; credentials: CredentialTypeRegistry } | undefined;

function loadRegistries() {
	if (!registries) {
		const nodes = new NodeTypeRegistry().with(standIns());
		const credentials = new CredentialTypeRegistry();
		loadPackageNodes(nodes);
		loadPackageCredentials(credentials);
		registries = { nodes, credentials };
	}
	return registries;
}

/** The node types every run starts from: this package's nodes and the n8n-nodes-base stand-ins. */
export function nodeTypes(): NodeTypeRegistry {
	return loadRegistries().nodes;
}

/** The credential types of this package, for contexts built outside runWorkflow (see webhook.ts). */
export function credentialTypes(): CredentialTypeRegistry {
	return loadRegistries().credentials;
}

let executions = 0;

/**
 * Whether this n8n-core's lifecycle hooks carry the id of the execution a Retry retries: 2.x's do
 * (n8n's CLI passes it, and a node reads it there), 1.x's do not.
 */
export const retriedIdReachesNodes =
	(new (ExecutionLifecycleHooks as unknown as new (...args: unknown[]) => { retryOf?: string })(
		'retry',
		'0',
		{},
		'1',
	).retryOf ?? undefined) === '1';

/**
 * Runs a workflow exported from the n8n editor through n8n-core's engine, as a click on
 * "Execute workflow" does (manual mode, starting from the trigger), and returns what it produced.
 */
export async function runWorkflow(
	workflowJson: WorkflowJson,
	options: RunOptions,
): Promise<RunResult> {
	await harnessReady();
	const { credentials } = loadRegistries();
	const workflow = createWorkflow(workflowJson, nodeTypes(), options);
	const Hooks = ExecutionLifecycleHooks as unknown as new (
		...args: [string, string, unknown, string?]
	) => ExecutionLifecycleHooks;
	const hooks = new Hooks(
		options.mode ?? 'manual',
		String(++executions),
		asWorkflowBase(workflow),
		options.retryOf,
	);
	const helper = new HarnessCredentialsHelper(credentials, options.credentials);
	const additionalData = buildAdditionalData(helper, hooks);
	const execution = startRun(
		additionalData,
		workflow,
		options.mode,
		options.items?.map((json, item) => ({ json, pairedItem: { item } })),
	);
	const stop =
		options.cancelAfterMs === undefined
			? undefined
			: setTimeout(() => execution.cancel(), options.cancelAfterMs);
	try {
		return toRunResult(await execution, workflow, helper.reads, hooks.executionId);
	} finally {
		clearTimeout(stop);
	}
}
