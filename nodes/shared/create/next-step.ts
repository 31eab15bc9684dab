import type { IExecuteFunctions, INodeExecutionData, NodeHint } from 'n8n-workflow';

import { addHint } from '../execution/hints';
import type { TaskReader } from '../tasks';

/** How to get the result of a task that was only created (Wait for Completion: Return at Once), by kind. */
const HOW: Record<TaskReader['name'], string> = {
	generation:
		'to get the result, connect Wait For Task (Wait for Tasks), set Wait for Completion to Wait, or start a Task Finished Trigger workflow from the Callback URL',
	upscale:
		'to get the result, connect Wait For Task (Wait for Tasks, task type Upscale), set Wait for Completion to Wait, or start a Task Finished Trigger workflow from the Callback URL',
	compat: 'to get the video, connect Compat Task → Task → Wait, or set Wait for Completion to Wait',
};

const afterRun = (kind: TaskReader['name']) =>
	`The task was created and is still running: ${HOW[kind]}`;

/**
 * Items that carry only ids say so: n8n's execution hint above the output (every version), and
 * on version 2 a `nextStep` field in each created item, where an AI Agent or the next node reads
 * it.
 */
export function withNextStep(
	ctx: IExecuteFunctions,
	kind: TaskReader,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	const created = (item: INodeExecutionData) =>
		item.json.error === undefined && typeof item.json[kind.idField] === 'string';
	if (!items.some(created)) return items;
	const message = afterRun(kind.name);
	addHint(ctx, message);
	if (ctx.getNode().typeVersion < 2) return items;
	return items.map((item) =>
		created(item) ? { ...item, json: { ...item.json, nextStep: message } } : item,
	);
}

/** The same advice on the node's panel before a run, while Return at Once is chosen. */
export function returnAtOnceHint(
	kind: TaskReader['name'],
	condition = '$parameter.waitForCompletion === "none"',
): NodeHint {
	return {
		message: `Return at Once outputs only the task IDs: ${HOW[kind]}`,
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'beforeExecution',
		displayCondition: `={{ ${condition} }}`,
	};
}
