import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { rememberBatch } from './batch-memory';

/** The Create nodes' third "Wait for Completion" choice: the execution waits for the task's callback. */
export const CALLBACK_MODE = 'callback';

/** The default time limit of the callback wait, in minutes (the field's default; a test holds them together). */
export const DEFAULT_CALLBACK_TIMEOUT_MINUTES = 60;

/** The outcome of a task whose callback did not come within the time limit (the task goes on at the service). */
export const TIMED_OUT = 'timedOut';

/**
 * The execution's own resume URL (n8n's waiting webhook, with its resume token when n8n set one),
 * read from the data proxy expressions see: evaluating `{{ $execution.resumeUrl }}` took about
 * 10 ms of n8n's CPU per execution on its default engine (bench --cpu-split), a sandbox round trip.
 */
function resumeUrl(ctx: IExecuteFunctions): string {
	return String(ctx.getWorkflowDataProxy(0).$execution.resumeUrl);
}

/**
 * Gives each request the execution's resume URL as its callBackUrl. A Callback URL of the user's
 * is refused rather than replaced: a task calls one URL only, so replacing it would silently
 * starve whatever listens there.
 */
export function withResumeUrl<R>(ctx: IExecuteFunctions, build: (itemIndex: number) => R | R[]) {
	const url = resumeUrl(ctx);
	const one = (request: R, itemIndex: number): R => {
		if ((request as { callBackUrl?: unknown }).callBackUrl !== undefined) {
			throw new NodeOperationError(
				ctx.getNode(),
				'Callback URL cannot be set when waiting Until the Service Calls Back',
				{
					itemIndex,
					description:
						"A task calls one URL only, and this mode sets it to the execution's resume URL. Remove Callback URL from Additional Options, or choose Wait for Completion: Return at Once (and use the Task Finished Trigger) or Wait. Nothing was sent.",
				},
			);
		}
		return { ...request, callBackUrl: url };
	};
	return (itemIndex: number): R | R[] => {
		const built = build(itemIndex);
		return Array.isArray(built)
			? built.map((request) => one(request, itemIndex))
			: one(built, itemIndex);
	};
}

/**
 * Puts the execution to wait (no process held, saved with the execution in n8n's database, so the
 * ids of its tasks survive a restart or a killed worker) until the callbacks or the time limit. At
 * the time limit n8n resumes the node disabled, and a disabled node passes on the data of its
 * execution-stack entry, which is the object getExecuteData() returns here: so that data becomes
 * the items as created, each waiting task's with outcome timedOut. Fresh objects: the input items
 * are the upstream node's output and stay untouched.
 */
export async function waitForCallback(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	waits: (index: number) => boolean,
	minutes: number,
): Promise<void> {
	const timedOut = (item: INodeExecutionData): INodeExecutionData => ({
		...item,
		json: {
			...item.json,
			outcome: TIMED_OUT,
			error: `No callback came within ${minutes} minutes: the task may still be running; read it by its taskId with Wait For Task`,
		},
	});
	const entry = ctx.getExecuteData();
	entry.data = { main: [items.map((item, index) => (waits(index) ? timedOut(item) : item))] };
	waitingEntries.add(entry);
	const until = Date.now() + minutes * 60_000;
	// the kinds that call back (posted-task.ts) all name their id taskId
	const tasks = items.flatMap((item, index) =>
		waits(index) ? [{ index, id: String(item.json.taskId) }] : [],
	);
	rememberBatch(ctx.getExecutionId(), tasks, until);
	await ctx.putExecutionToWait(new Date(until));
}

/** The stack entries waitForCallback replaced, so a node can finish their item as it finishes its output. */
const waitingEntries = new WeakSet<object>();

/** Applies a node's own output mapping (e.g. Create Image's fields) to the item a timeout will pass on. */
export function mapTimedOutItem(
	ctx: IExecuteFunctions,
	map: (item: INodeExecutionData) => INodeExecutionData,
): void {
	const entry = ctx.getExecuteData();
	if (!waitingEntries.has(entry)) return;
	entry.data = { main: entry.data.main.map((items) => (items ?? []).map(map)) };
}
