import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { forgetDeliveries } from './dedupe';
import { readmeSection } from '../shared/fields/docs';
import { simplifyField } from '../settings/simplify';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';

import { triggerProperties } from './trigger.fields';
import { requireSecret } from './settings';

export class TaskTrigger implements INodeType {
	description: INodeTypeDescription = {
		// n8n's node picker drops " Trigger" from a trigger's name: it lists this one as "Task Finished".
		// The type name stays taskTrigger, so saved workflows keep loading.
		displayName: 'Task Finished Trigger',
		name: 'taskTrigger',
		icon: {
			light: 'file:../../icons/taskTrigger.svg',
			dark: 'file:../../icons/taskTrigger.dark.svg',
		},
		group: ['trigger'],
		documentationUrl: readmeSection('task-finished-trigger'),
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: '={{ "on " + $parameter["events"].join(" or ").replace("succeeded", "completed") }}',
		description:
			'Starts the workflow when a generation or upscale task finishes and the service calls back',
		defaults: { name: 'Task Finished Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'unifiedGenerationApi',
				required: true,
				displayOptions: { show: { verifyWithApi: [true] } },
			},
		],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'task' }],
		properties: [...triggerProperties, simplifyField()],
	};

	/**
	 * The service keeps no webhook registration (each task names its own callBackUrl), so activation
	 * registers nothing remote: it refuses a trigger without a Secret, and deactivation frees the
	 * trigger's remembered deliveries.
	 */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				requireSecret(this);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				forgetDeliveries(`${this.getWorkflow().id}:${this.getNode().id}:`);
				return true;
			},
		},
	};

	/** The code behind it is loaded at the first call, not when n8n loads every node at start-up. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await (await import('./receive')).receiveTask(this);
	}
}
