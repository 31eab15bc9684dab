import type { IWebhookDescription } from 'n8n-workflow';

/**
 * The webhooks a Create node declares so that n8n routes a POST to the execution's resume URL to
 * its webhook() (n8n's waiting webhooks). A restart webhook registers nothing at the service and
 * has no lifecycle, like n8n's own send-and-wait nodes' `sendAndWaitWebhooksDescription`.
 * Apart from wait-mode-webhook.ts: the description needs only this, not the code behind it.
 */
export const RESUME_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		path: '',
		restartWebhook: true,
	},
];
