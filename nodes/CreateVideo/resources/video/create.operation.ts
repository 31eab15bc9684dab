import type {
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { resumeOnCallback } from '../../../shared/callback/wait-mode-webhook';
import { runGenerations } from '../../../shared/create/generations';
import { checkedParameters } from '../../../shared/create/checked';
import type { Checked } from '../../../shared/create/checked';
import { VIDEO_PARAMETER_NAMES } from './names';
import { simplifierOf, simplifiedResume } from '../../../shared/create/simplified';
import { VIDEO_SIMPLE } from '../../../shared/output/simplify';
import { generationTasks } from '../../../shared/tasks';
import { readRunSettings } from '../../../settings/create';
import { readSimplify } from '../../../settings/simplify';
import { readResumeSettings } from '../../../settings/resume';
import { checkVideoParameters } from './parameters';
import type { VideoParameters } from './parameters';
import { buildVideoRequest } from './request';

/** Create Video's run: every item planned, each task created once, then the chosen wait. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const build = (itemIndex: number) => buildVideoRequest(readParameters(ctx, itemIndex));
	const simplify = simplifierOf(ctx, VIDEO_SIMPLE, readSimplify(ctx));
	return simplify(await runGenerations(ctx, build, readRunSettings(ctx)));
}

/** The task's callback to a waiting execution's resume URL. */
export async function webhook(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const settings = readResumeSettings(ctx);
	const finish = simplifiedResume(VIDEO_SIMPLE, settings.simplify);
	return await resumeOnCallback(ctx, generationTasks, settings, finish);
}

/**
 * Reads only the fields the chosen model shows: n8n drops hidden ones, which stay undefined here.
 * What the request could not express is refused here, before anything is sent, like the rules'
 * refusals.
 */
function readParameters(ctx: IExecuteFunctions, itemIndex: number): Checked<VideoParameters> {
	const parameters: Record<string, unknown> = {};
	// the parameters that become the request (named once, with the fields): batch and wait apply to the whole execution
	for (const name of VIDEO_PARAMETER_NAMES) {
		// A fallback of undefined makes n8n throw for an absent parameter, hence null.
		parameters[name] = ctx.getNodeParameter(name, itemIndex, null) ?? undefined;
	}
	return checkedParameters(ctx, itemIndex, parameters as VideoParameters, checkVideoParameters);
}
