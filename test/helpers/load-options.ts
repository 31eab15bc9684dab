// First: sets n8n-core's environment before n8n-core is loaded by the imports below.
import { harnessReady } from '../harness/environment';

import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import type { HarnessCredentials, WorkflowJson } from '../harness';
import { nodeTypes } from '../harness';
import { buildAdditionalData } from '../harness/additional-data';
import { HarnessCredentialsHelper } from '../harness/credentials-helper';
import { loadPackageCredentials } from '../harness/package-types';
import { CredentialTypeRegistry } from '../harness/registry';
import { asWorkflowBase, createWorkflow } from '../harness/workflow';

/**
 * n8n-core's own context for a node's load-options and list-search methods (what the editor calls
 * to fill a dropdown or a resource locator's list), over a workflow and the test's credentials.
 */
export async function loadOptionsContext(
	workflowJson: WorkflowJson,
	nodeName: string,
	path: string,
	credentials: HarnessCredentials,
): Promise<ILoadOptionsFunctions> {
	await harnessReady();
	const workflow = createWorkflow(workflowJson, nodeTypes(), { credentials });
	const registry = new CredentialTypeRegistry();
	loadPackageCredentials(registry);
	const hooks = new ExecutionLifecycleHooks('manual', 'load-options', asWorkflowBase(workflow));
	const additionalData = buildAdditionalData(
		new HarnessCredentialsHelper(registry, credentials),
		hooks,
	);
	return new LoadOptionsContext(workflow, workflow.getNode(nodeName)!, additionalData, path);
}
