import type { IExecuteFunctions, INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';

import { isCancelled } from '../execution/abort';
import { allFailedError } from './all-failed';
import type { ItemError, StoredWords } from './all-failed';

/**
 * n8n's Retry On Fail re-runs a node not only when it throws but also when the first item of its
 * output carries `error` (n8n-core's WorkflowExecute checks `data[0][0].json.error`). A node that
 * asks the service to store something (a task, an uploaded asset, a compat asset) keeps two rules
 * so that a re-run never sends it twice (docs/architecture.md, Promises: Money):
 *
 * - when some items failed after something was sent, it returns every item, failed ones with
 *   their error, and shows a warning; it throws when nothing it sent can exist, or when every item
 *   failed (the error names what exists) (stopUnlessStored);
 * - such an output, or such an error, is remembered, and the re-runs of the same node run (same
 *   execution, node and run index) get it back unchanged, with no request sent (replayOf,
 *   rememberForRetries), and its warning too: n8n keeps only the hints of a node run's last try.
 */
interface Remembered {
	output: INodeExecutionData[][];
	/** The error every item's failure stopped the node with: each re-run throws it again. */
	error?: Error;
	warning?: NodeExecutionHint;
	/** How many more times n8n may re-run this node run. */
	replaysLeft: number;
}

const remembered = new Map<string, Remembered>();
/** The warning each node run showed, until its output is remembered (or not) at the run's end. */
const warnings = new Map<string, NodeExecutionHint>();
/** Entries are dropped after their last replay; this bounds those a stopped execution left behind. */
const MOST_REMEMBERED = 16;

function keepBounded<V>(map: Map<string, V>, key: string, value: V): void {
	map.set(key, value);
	for (const oldest of map.keys()) {
		if (map.size <= MOST_REMEMBERED) break;
		map.delete(oldest);
	}
}

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
	if (entry.error) throw entry.error;
	if (entry.warning) ctx.addExecutionHints(entry.warning);
	return entry.output;
}

/** Keeps an output that stored something (or may have) when n8n's Retry On Fail would run the node again. */
export function rememberForRetries(
	ctx: IExecuteFunctions,
	output: INodeExecutionData[][],
	storedAny: boolean,
): void {
	if (ctx.getNode().retryOnFail !== true) return;
	const key = runKey(ctx);
	const warning = warnings.get(key);
	warnings.delete(key);
	if (!storedAny || !retriedByN8n(output)) return;
	remember(ctx, { output, warning });
}

/** Keeps how a node run ended (its output, or its error) for n8n's re-runs of it. */
function remember(ctx: IExecuteFunctions, end: Omit<Remembered, 'replaysLeft'>): void {
	keepBounded(remembered, runKey(ctx), { ...end, replaysLeft: triesOf(ctx) - 1 });
}

/**
 * Stops the workflow with the first failure when nothing the node sent can exist, and with one
 * error naming every failure when every item failed (a run that only failed is not a success;
 * n8n's Retry On Fail re-runs get the same error, nothing sent again). Otherwise the node goes on
 * to return every item and shows a warning that says why it did not stop. Under Continue On Fail,
 * or once the execution was stopped, the items speak for themselves.
 */
export function stopUnlessStored(
	ctx: IExecuteFunctions,
	failures: ItemError[],
	total: number,
	storedAny: boolean,
	words: StoredWords,
): void {
	if (failures.length === 0 || ctx.continueOnFail() || isCancelled(ctx)) return;
	if (!storedAny) throw failures[0].error;
	if (failures.length === total) {
		const error = allFailedError(ctx.getNode(), failures, words);
		if (ctx.getNode().retryOnFail === true) remember(ctx, { output: [], error });
		throw error;
	}
	const warning: NodeExecutionHint = {
		message: `${failures.length} of ${total} items failed (see their "error" field). The node did not stop the workflow because ${words.why}.`,
		type: 'warning',
		location: 'outputPane',
	};
	ctx.addExecutionHints(warning);
	// only a node with Retry On Fail is replayed (rememberForRetries)
	if (ctx.getNode().retryOnFail === true) keepBounded(warnings, runKey(ctx), warning);
}

/** What a run of a storing node returns: its output, and whether anything it sent exists or may exist. */
export interface StoringRun {
	output: INodeExecutionData[][];
	storedAny: boolean;
}

/** Runs a storing node's batch once per node run: n8n's re-runs of it get the first output back. */
export async function oncePerNodeRun(
	ctx: IExecuteFunctions,
	run: () => Promise<StoringRun>,
): Promise<INodeExecutionData[][]> {
	const replay = replayOf(ctx);
	if (replay) return replay;
	const { output, storedAny } = await run();
	rememberForRetries(ctx, output, storedAny);
	return output;
}
