import type {
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { resumeOnCallback } from '../../../shared/callback/wait-mode-webhook';
import { runCreate } from '../../../shared/create/run';
import { simplifierOf, simplifiedResume } from '../../../shared/create/simplified';
import { UPSCALE_SIMPLE } from '../../../shared/output/simplify';
import { upscaleTasks } from '../../../shared/tasks';
import { assessSources } from './assess';
import { buildUpscaleRequest, resolveSources } from './source';

/** Upscale Video's run: every source resolved, each task created once, then the chosen wait. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const simplify = simplifierOf(ctx, UPSCALE_SIMPLE);
	const output = await runCreate(ctx, {
		kind: upscaleTasks,
		build: (itemIndex) => buildUpscaleRequest(ctx, itemIndex),
		assess: assessSources,
		prepare: resolveSources,
	});
	return simplify(output);
}

/** The task's callback to a waiting execution's resume URL. */
export async function webhook(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await resumeOnCallback(ctx, upscaleTasks, simplifiedResume(ctx, UPSCALE_SIMPLE));
}
