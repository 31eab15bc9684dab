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
import { readRunSettings } from '../../../settings/create';
import { readSimplify } from '../../../settings/simplify';
import { readResumeSettings } from '../../../settings/resume';
import { assessSources } from './assess';
import { buildUpscaleRequest, resolveSources } from './source';

/** Upscale Video's run: every source resolved, each task created once, then the chosen wait. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const simplify = simplifierOf(ctx, UPSCALE_SIMPLE, readSimplify(ctx));
	const output = await runCreate(ctx, {
		kind: upscaleTasks,
		build: (itemIndex) => buildUpscaleRequest(ctx, itemIndex),
		settings: readRunSettings(ctx),
		assess: assessSources,
		prepare: resolveSources,
	});
	return simplify(output);
}

/** The task's callback to a waiting execution's resume URL. */
export async function webhook(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const settings = readResumeSettings(ctx);
	const finish = simplifiedResume(UPSCALE_SIMPLE, settings.simplify);
	return await resumeOnCallback(ctx, upscaleTasks, settings, finish);
}
