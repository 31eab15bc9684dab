import { Container } from '@n8n/di';
import type { ExecutionLifecycleHooks } from 'n8n-core';
import { ExternalSecretsProxy } from 'n8n-core';
import type { ICredentialsHelper, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

/** Where n8n would listen; nodes only use it to build webhook, form and resume URLs. */
const INSTANCE_URL = 'http://localhost:5678';

/** What nodes sent to the editor (n8n's push: `sendMessageToUI` in a manual run), oldest first. */
export const uiMessages: Array<{ type: string; data: unknown }> = [];

/**
 * The per-execution services n8n's CLI hands to the engine (its `getBase` builds them from a
 * database, a task runner and the push connection). Here: the test's credentials, real lifecycle
 * hooks, n8n's default URLs, and a clear error for what a single-process test cannot do.
 */
export function buildAdditionalData(
	credentialsHelper: ICredentialsHelper,
	hooks: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		hooks,
		executionId: hooks.executionId,
		currentNodeExecutionIndex: 0,
		variables: {},
		externalSecretsProxy: Container.get(ExternalSecretsProxy),
		restApiUrl: `${INSTANCE_URL}/rest`,
		instanceBaseUrl: `${INSTANCE_URL}/`,
		formBaseUrl: `${INSTANCE_URL}/form`,
		formTestBaseUrl: `${INSTANCE_URL}/form-test`,
		formWaitingBaseUrl: `${INSTANCE_URL}/form-waiting`,
		webhookBaseUrl: `${INSTANCE_URL}/webhook`,
		webhookTestBaseUrl: `${INSTANCE_URL}/webhook-test`,
		webhookWaitingBaseUrl: `${INSTANCE_URL}/webhook-waiting`,
		mcpBaseUrl: `${INSTANCE_URL}/mcp`,
		mcpTestBaseUrl: `${INSTANCE_URL}/mcp-test`,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		sendDataToUI: (type: string, data: unknown) => uiMessages.push({ type, data }),
		executeWorkflow: unsupported('Running a sub-workflow'),
		startRunnerTask: unsupported('Running code in a task runner'),
	};
}

const unsupported = (what: string) => async (): Promise<never> => {
	throw new Error(`${what} is not supported by the test harness`);
};
