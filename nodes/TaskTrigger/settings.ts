import { NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { CallbackKind, PostedTask } from '../shared/callback/posted-task';
import { readDownloadFields } from '../settings/wait';
import type { DownloadFields } from '../shared/waiting/task-waiting';
import type { Phase } from '../shared/polling';

export interface TriggerSettings extends DownloadFields {
	secret: string;
	verify: boolean;
	events: Phase[];
	taskTypes: CallbackKind[];
	models: string[];
	/** Version 2's Simplify: the times as ISO strings and one name per meaning, as the Create nodes give them. */
	simplify: boolean;
}

export function readTriggerSettings(ctx: IWebhookFunctions): TriggerSettings {
	return {
		secret: ctx.getNodeParameter('secret', '') as string,
		verify: ctx.getNodeParameter('verifyWithApi', true) as boolean,
		events: ctx.getNodeParameter('events', ['succeeded', 'failed']) as Phase[],
		taskTypes: ctx.getNodeParameter('taskTypes', ['generation', 'upscale']) as CallbackKind[],
		models: ctx.getNodeParameter('models', []) as string[],
		simplify: ctx.getNodeParameter('simplify', false) === true,
		...readDownloadFields((name, fallback) => ctx.getNodeParameter(name, fallback)),
	};
}

/** The Task Types filter reads the posted body: a task of another type is not even verified. */
export const wantsType = (settings: TriggerSettings, posted: PostedTask) =>
	settings.taskTypes.includes(posted.taskType);

/**
 * The Events and Models filters read the state that will be emitted (the service's, when verified).
 * The Models filter applies to generation tasks only.
 */
export function wantsState(
	settings: TriggerSettings,
	posted: PostedTask,
	phase: Exclude<Phase, 'running'>,
	model: unknown,
): boolean {
	if (!settings.events.includes(phase)) return false;
	if (posted.taskType !== 'generation' || settings.models.length === 0) return true;
	return typeof model === 'string' && settings.models.includes(model);
}

/** Activating (or listening for a test event) without a Secret would leave the URL open to anyone. */
export function requireSecret(ctx: IHookFunctions): void {
	if ((ctx.getNodeParameter('secret', '') as string).trim()) return;
	throw new NodeOperationError(ctx.getNode(), 'Set a Secret on the Task Finished Trigger', {
		description:
			'Choose a long random text as Secret and add ?secret=<it> to the URL you paste into Callback URL',
	});
}
