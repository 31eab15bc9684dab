import type { IWebhookFunctions } from 'n8n-workflow';

import type { ResumeSettings } from '../shared/callback/resume-items';
import { DEFAULT_CALLBACK_TIMEOUT_MINUTES } from '../shared/callback/wait-mode';
import { readDownloadFields } from './wait';

/**
 * The callback wait's Timeout in minutes, read the same way when the execution starts waiting
 * (settings/create.ts, with an item index) and when a task calls back (here, without one).
 */
export const readCallbackMinutes = (read: (name: string, fallback: unknown) => unknown): number =>
	read('callbackTimeoutMinutes', DEFAULT_CALLBACK_TIMEOUT_MINUTES) as number;

/**
 * What a Create node's webhook() needs of its fields when a task calls back (callback/): the
 * Timeout, the download fields and Simplify. A webhook's parameters have no item index.
 */
export function readResumeSettings(ctx: IWebhookFunctions): ResumeSettings & { simplify: boolean } {
	return {
		callbackMinutes: readCallbackMinutes((name, fallback) => ctx.getNodeParameter(name, fallback)),
		download: readDownloadFields((name, fallback) => ctx.getNodeParameter(name, fallback)),
		simplify: ctx.getNodeParameter('simplify', false) === true,
	};
}
