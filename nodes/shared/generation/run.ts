import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readWaitSettings } from '../fields/wait';
import { errorItem } from '../item-loop';
import { settleTask, waitForTasks } from '../task-waiting';
import { planItems } from './plan';
import type { PlannedItem, RequestBuilder } from './plan';
import { submitPlanned } from './submit';

interface BatchOptions {
	budget?: number;
	concurrency?: number;
}

/**
 * The whole life of a Create node's batch: plan (validate, price, budget) every item before any
 * request, submit with bounded concurrency, optionally wait for all tasks together, and return one
 * output item per input item. A created task is always reported with its taskId and orderId.
 */
export async function runGeneration(ctx: IExecuteFunctions, build: RequestBuilder): Promise<INodeExecutionData[][]> {
	const batch = ctx.getNodeParameter('batchOptions', 0, {}) as BatchOptions;
	const planned = planItems(ctx, build, batch.budget ?? 0);
	const invalid = planned.find((item) => item.error);
	if (invalid && !ctx.continueOnFail()) throw invalid.error!;
	await submitPlanned(ctx, planned, batch.concurrency ?? 4);
	const items: Entry[] = planned.map((item) => ({ item, json: createdJson(item) }));
	if (ctx.getNodeParameter('waitForCompletion', 0, 'none') === 'wait') await waitAndAttach(ctx, items);
	const failed = planned.find((item) => item.error);
	if (failed && !ctx.continueOnFail()) throw withCreatedTasks(ctx, failed, planned);
	return [items.map(({ item, json, binary }) => toOutput(item, json, binary))];
}

type Entry = { item: PlannedItem; json: IDataObject; binary?: INodeExecutionData['binary'] };

function createdJson({ request, estimate, created }: PlannedItem): IDataObject {
	if (!created) return {};
	return { taskId: created.taskId, orderId: created.orderId, model: request?.model, estimatedCredits: estimate ?? null };
}

async function waitAndAttach(ctx: IExecuteFunctions, entries: Entry[]): Promise<void> {
	const settings = readWaitSettings(ctx);
	const waiting = entries.filter(({ item }) => item.created && !item.error);
	const tasks = waiting.map(({ item }) => ({ taskId: item.created!.taskId, itemIndex: item.itemIndex }));
	const results = await waitForTasks(ctx, 'generation', tasks, settings.poll);
	for (const [index, result] of results.entries()) {
		const entry = waiting[index];
		const settled = await settleTask(ctx, result, settings, entry.item.created!.taskId);
		Object.assign(entry.json, settled.state);
		entry.binary = settled.binary;
		if (settled.reason) entry.item.error = taskError(ctx, entry.item, settled.reason);
	}
}

function taskError(ctx: IExecuteFunctions, item: PlannedItem, why: string): NodeOperationError {
	const { taskId, orderId } = item.created!;
	return new NodeOperationError(ctx.getNode(), `Task ${taskId}: ${why}`, {
		itemIndex: item.itemIndex,
		description: `The task was created (taskId ${taskId}, orderId ${orderId}); read it later with Wait For Task.`,
	});
}

/** Without continueOnFail the run stops; the error still names every task this batch created. */
function withCreatedTasks(ctx: IExecuteFunctions, failed: PlannedItem, planned: PlannedItem[]): Error {
	const created = planned.filter((item) => item.created).map((item) => item.created!.taskId);
	if (created.length === 0) return failed.error!;
	const description = [
		(failed.error as { description?: string }).description,
		`Tasks created by this execution (${created.length}): ${created.join(', ')}.`,
	]
		.filter(Boolean)
		.join(' ');
	return new NodeOperationError(ctx.getNode(), failed.error!.message, { itemIndex: failed.itemIndex, description });
}

function toOutput(item: PlannedItem, json: IDataObject, binary?: INodeExecutionData['binary']): INodeExecutionData {
	if (item.error) return errorItem(item.error, item.itemIndex, json);
	return { json, ...(binary ? { binary } : {}), pairedItem: { item: item.itemIndex } };
}
