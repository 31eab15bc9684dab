import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * n8n's Retry On Fail re-runs a node not only when it throws but also when the first item of its
 * output carries `error` (n8n-core's WorkflowExecute checks `data[0][0].json.error`). A Create node
 * that returns its items because tasks exist must not send its creates again on that re-run, so
 * such an output is remembered and the re-runs of the same node run (same execution, node and run
 * index) get it back unchanged, with no request sent.
 */
interface Remembered {
	output: INodeExecutionData[][];
	/** How many more times n8n may re-run this node run. */
	replaysLeft: number;
}

const remembered = new Map<string, Remembered>();
/** Entries are dropped after their last replay; this bounds those a stopped execution left behind. */
const MOST_REMEMBERED = 16;

function runKey(ctx: IExecuteFunctions): string {
	const runIndex: unknown = ctx.getWorkflowDataProxy(0).$thisRunIndex;
	return JSON.stringify([ctx.getExecutionId(), ctx.getNode().name, runIndex]);
}

/** n8n's own bound on the tries of a node with Retry On Fail: maxTries clamped to 2-5. */
function triesOf(ctx: IExecuteFunctions): number {
	return Math.min(5, Math.max(2, ctx.getNode().maxTries ?? 3));
}

const retriedByN8n = (output: INodeExecutionData[][]) => {
	const error = output[0]?.[0]?.json?.error;
	return error !== undefined && error !== null && error !== false;
};

/** The output of an earlier try of this node run, when n8n is re-running it. */
export function replayOf(ctx: IExecuteFunctions): INodeExecutionData[][] | undefined {
	const key = runKey(ctx);
	const entry = remembered.get(key);
	if (!entry) return undefined;
	if (--entry.replaysLeft <= 0) remembered.delete(key);
	return entry.output;
}

/** Keeps an output that created tasks when n8n's Retry On Fail would run the node again. */
export function rememberForRetries(ctx: IExecuteFunctions, output: INodeExecutionData[][], createdAny: boolean): void {
	if (!createdAny || ctx.getNode().retryOnFail !== true || !retriedByN8n(output)) return;
	remembered.set(runKey(ctx), { output, replaysLeft: triesOf(ctx) - 1 });
	for (const key of remembered.keys()) {
		if (remembered.size <= MOST_REMEMBERED) break;
		remembered.delete(key);
	}
}
