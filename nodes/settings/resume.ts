import type { IWebhookFunctions } from 'n8n-workflow';

import type { ResumeSettings } from '../shared/callback/resume-items';
import { DEFAULT_CALLBACK_TIMEOUT_MINUTES } from '../shared/callback/wait-mode';
import { readDownloadFields } from './wait';

/**
 * What a Create node's webhook() needs of its fields when a task calls back (callback/): the
 * Timeout, the download fields and Simplify. A webhook's parameters have no item index.
 */
export function readResumeSettings(ctx: IWebhookFunctions): ResumeSettings & { simplify: boolean } {
	return {
		callbackMinutes: ctx.getNodeParameter(
			'callbackTimeoutMinutes',
			DEFAULT_CALLBACK_TIMEOUT_MINUTES,
		) as number,
		download: readDownloadFields((name, fallback) => ctx.getNodeParameter(name, fallback)),
		simplify: ctx.getNodeParameter('simplify', false) === true,
	};
}
