import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { mapWithLimit } from '../execution/concurrency';
import type { DownloadFields } from '../waiting/task-waiting';
import { DEFAULT_POLL } from '../polling';
import type { TaskReader } from '../tasks';
import { settle } from '../waiting/task-waiting';
import { waitingItems } from './batch';
import type { BatchMemory, Read } from './batch-memory';

/** Result files downloaded at once when the batch resumes. */
const DOWNLOADS_AT_ONCE = 3;

/**
 * The node's fields a callback needs, read by the operation's webhook() (nodes/settings/resume.ts):
 * the callback wait's Timeout and the download fields (a webhook's parameters have no item index).
 */
export interface ResumeSettings {
	callbackMinutes: number;
	download: DownloadFields;
}

/**
 * The items a finished batch resumes the execution with: the waiting items as saved (read only
 * now, when the batch resumes), each task's with its final state (and files when asked).
 */
export async function resumedItems(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	memory: BatchMemory,
	finish: (item: INodeExecutionData) => INodeExecutionData,
	{ callbackMinutes, download }: ResumeSettings,
): Promise<INodeExecutionData[]> {
	const deadline = Date.now() + callbackMinutes * 60_000;
	const settings = { poll: DEFAULT_POLL, ...download };
	const taskAt = new Map(memory.tasks.map((task) => [task.index, task]));
	const resumed = await mapWithLimit(waitingItems(ctx), DOWNLOADS_AT_ONCE, async (item, index) => {
		const read = memory.finished.get(taskAt.get(index)?.id ?? '');
		return read ? finish(await finalItem(ctx, kind, item, read, { settings, deadline })) : item;
	});
	return resumed.map((item) => item!);
}

async function finalItem(
	ctx: IWebhookFunctions,
	kind: TaskReader,
	waiting: INodeExecutionData,
	read: Read,
	{ settings, deadline }: { settings: Parameters<typeof settle>[3]; deadline: number },
): Promise<INodeExecutionData> {
	const id = String(waiting.json[kind.idField]);
	const result =
		'state' in read
			? { outcome: kind.phase(read.state) as 'succeeded' | 'failed', last: read.state }
			: { outcome: 'error' as const, error: new Error(read.gone) };
	const task = await settle(ctx, kind, result, settings, {
		id,
		deadline,
	});
	// The waiting item's timedOut outcome and message do not apply any more.
	const created = Object.fromEntries(
		Object.entries(waiting.json).filter(([key]) => key !== 'outcome' && key !== 'error'),
	);
	const json: IDataObject = {
		...created,
		...task.state,
		outcome: task.outcome,
		...(task.reason ? { error: task.reason } : {}),
	};
	return { ...waiting, json, ...(task.binary ? { binary: task.binary } : {}) };
}
