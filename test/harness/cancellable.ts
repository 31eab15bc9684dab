// First: sets n8n-core's environment before n8n-core is loaded by the imports below.
import { harnessReady } from './environment';

import { ExecutionLifecycleHooks } from 'n8n-core';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { startRun } from './engine';
import { nodeTypes } from './index';
import { loadPackageCredentials } from './package-types';
import { CredentialTypeRegistry } from './registry';
import { toRunResult } from './run-result';
import type { RunOptions, RunResult, WorkflowJson } from './types';
import { asWorkflowBase, createWorkflow } from './workflow';

export interface StartedExecution {
	/** Stops the execution as the editor's Stop button does: the execution's cancel signal aborts. */
	cancel(): void;
	/** What the execution produced, once every node has returned. */
	result: Promise<RunResult>;
}

let credentialTypes: CredentialTypeRegistry | undefined;
let started = 0;

/** Like `runWorkflow`, but returns at once with a handle to stop the running execution. */
export async function startWorkflow(
	workflowJson: WorkflowJson,
	options: RunOptions,
): Promise<StartedExecution> {
	await harnessReady();
	if (!credentialTypes) {
		credentialTypes = new CredentialTypeRegistry();
		loadPackageCredentials(credentialTypes);
	}
	const workflow = createWorkflow(workflowJson, nodeTypes(), options);
	const hooks = new ExecutionLifecycleHooks(
		'manual',
		`cancellable-${++started}`,
		asWorkflowBase(workflow),
	);
	const credentials = new HarnessCredentialsHelper(credentialTypes, options.credentials);
	const additionalData = buildAdditionalData(credentials, hooks);
	const execution = startRun(additionalData, workflow);
	return {
		cancel: () => execution.cancel(),
		result: execution.then((run) =>
			toRunResult(run, workflow, credentials.reads, hooks.executionId),
		),
	};
}
