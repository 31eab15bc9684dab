import type {
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { mapTimedOutItem } from '../../../shared/callback/wait-mode';
import { resumeOnCallback } from '../../../shared/callback/wait-mode-webhook';
import { runCreate } from '../../../shared/create/run';
import { UPSCALE_SIMPLE, simplifyItem, simplifyOutputs } from '../../../shared/output/simplify';
import { upscaleTasks } from '../../../shared/tasks';
import { assessSources } from './assess';
import { buildUpscaleRequest, resolveSources } from './source';

/** Upscale Video's run: every source resolved, each task created once, then the chosen wait. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const output = await runCreate(ctx, {
		kind: upscaleTasks,
		build: (itemIndex) => buildUpscaleRequest(ctx, itemIndex),
		assess: assessSources,
		prepare: resolveSources,
	});
	// Simplify: version 2's default; version 1 has no such field and keeps the service's names
	const simple = ctx.getNodeParameter('simplify', 0, false) === true;
	if (simple) mapTimedOutItem(ctx, (item) => simplifyItem(item, UPSCALE_SIMPLE));
	return simplifyOutputs(simple, output, UPSCALE_SIMPLE);
}

/** The task's callback to a waiting execution's resume URL. */
export async function webhook(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const simple = ctx.getNodeParameter('simplify', false) === true;
	return await resumeOnCallback(ctx, upscaleTasks, (item) =>
		simple ? simplifyItem(item, UPSCALE_SIMPLE) : item,
	);
}
