import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { errorItem } from '../execution/item-loop';
import type { Price } from '../pricing';
import type { CreatedTask } from '../tasks';
import type { SkippedItem } from './claim';
import { mayHaveCreated } from './outcomes';
import type { ItemFailure } from './outcomes';
import { priceFields } from './plan';
import type { SubmittedItem } from './submit';

/** The task this run created for an item: its id travels typed to the wait; its fields join the json at output. */
export interface Created {
	task: CreatedTask;
	price: Price;
}

/** One input item's line in the output: what is known of its task, and why it failed if it did. */
export interface Reported {
	itemIndex: number;
	variant?: number;
	created?: Created;
	/** What else is known: a failure's or a skip's fields, the created task's last state after a wait. */
	json: IDataObject;
	binary?: INodeExecutionData['binary'];
	failure?: ItemFailure;
	/** Not sent: an earlier run (or item) already created its task. */
	skipped?: boolean;
}

export type CreatedReport = Reported & { created: Created };

/** Whether this item's task was created in this run and has not failed. */
export const hasTask = (entry: Reported): entry is CreatedReport =>
	!entry.failure && entry.created !== undefined;

/** Whether this item's task exists or may exist, so that sending it again could bill twice. */
export const mayExist = (entry: Reported) =>
	entry.failure ? mayHaveCreated(entry.failure) : !entry.skipped;

/** A skipped item keeps its input's fields (the prompt, the row's id) under the skip's own. */
export const skippedReport = (
	{ itemIndex, variant, key, reason }: SkippedItem,
	input: IDataObject = {},
): Reported => ({
	itemIndex,
	json: {
		...input,
		skipped: true,
		skipReason: reason,
		skipKey: key,
		...(variant === undefined ? {} : { variant }),
		taskCreated: 'no',
		estimatedCredits: 0,
	},
	skipped: true,
});

export function toReported(entry: SubmittedItem | ItemFailure): Reported {
	const { itemIndex, variant } = entry;
	if ('error' in entry) return { itemIndex, variant, json: entry.json ?? {}, failure: entry };
	return { itemIndex, variant, created: { task: entry.task, price: entry.price }, json: {} };
}

const TASK_CREATED: Record<ItemFailure['sent'], string> = {
	no: 'no',
	refused: 'no',
	unknown: 'unknown',
	created: 'yes',
};

export function toOutput(entry: Reported): INodeExecutionData {
	const { itemIndex, binary, failure } = entry;
	const json = outputJson(entry);
	if (failure)
		return errorItem(failure.error, itemIndex, {
			...json,
			taskCreated: TASK_CREATED[failure.sent],
		});
	return { json, ...(binary ? { binary } : {}), pairedItem: { item: itemIndex } };
}

/** The item's json, written once: the created task's fields, its variant and price, then the rest. */
function outputJson({ created, variant, json }: Reported): IDataObject {
	const variantField = variant === undefined ? {} : { variant };
	if (!created) return { ...json, ...variantField };
	return { ...created.task.json, ...variantField, ...priceFields(created.price), ...json };
}
