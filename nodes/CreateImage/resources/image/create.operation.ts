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
import { buildImageRequests } from './request';

/** Create Image's run: one task per image, each created once, then the chosen wait; each item gets its image fields. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const build = (itemIndex: number) => buildImageRequests(readImageParameters(ctx, itemIndex));
	// read before any create: a field read after one could throw its id away
	const finish = finishing(ctx.getNodeParameter('simplify', 0, false) === true);
	const output = await runGenerations(ctx, build);
	mapTimedOutItem(ctx, finish);
	return output.map((items) => items.map(finish));
}

/** The task's callback to a waiting execution's resume URL. */
export async function webhook(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await resumeOnCallback(
		ctx,
		generationTasks,
		finishing(ctx.getNodeParameter('simplify', false) === true),
	);
}

/** Each item's image fields, then (Simplify on) the simplified form. */
function finishing(simple: boolean) {
	return (item: INodeExecutionData) =>
		simple ? simplifyItem(withImageFields(item), IMAGE_SIMPLE) : withImageFields(item);
}
