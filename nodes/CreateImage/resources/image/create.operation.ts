import type {
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { mapTimedOutItem } from '../../../shared/callback/wait-mode';
import { resumeOnCallback } from '../../../shared/callback/wait-mode-webhook';
import { runGenerations } from '../../../shared/create/generations';
import { generationTasks } from '../../../shared/tasks';
import { simplifyItem } from '../../../shared/output/simplify';
import { IMAGE_SIMPLE, withImageFields } from './output';
import { readImageParameters } from './parameters';
import { readRunSettings } from '../../../settings/create';
import { readSimplify } from '../../../settings/simplify';
import { readResumeSettings } from '../../../settings/resume';
import { buildImageRequests } from './request';

/** Create Image's run: one task per image, each created once, then the chosen wait; each item gets its image fields. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const build = (itemIndex: number) => buildImageRequests(readImageParameters(ctx, itemIndex));
	const finish = finishing(readSimplify(ctx));
	const output = await runGenerations(ctx, build, readRunSettings(ctx));
	mapTimedOutItem(ctx, finish);
	return output.map((items) => items.map(finish));
}

/** The task's callback to a waiting execution's resume URL. */
export async function webhook(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const settings = readResumeSettings(ctx);
	return await resumeOnCallback(ctx, generationTasks, settings, finishing(settings.simplify));
}

/** Each item's image fields, then (Simplify on) the simplified form. */
function finishing(simple: boolean) {
	return (item: INodeExecutionData) =>
		simple ? simplifyItem(withImageFields(item), IMAGE_SIMPLE) : withImageFields(item);
}
