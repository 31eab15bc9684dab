import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Which executions a node run speaks for: its own, and, in n8n's Retry of an execution, the one
 * it retries. n8n records that id (the execution's `retryOf`) and hands it to the execution's
 * lifecycle hooks, which the node context carries as `additionalData.hooks`: n8n 2.x does so in
 * regular mode and on queue-mode workers (checked in 2.40.7 and 2.41.1). n8n 1.x keeps it out of
 * the hooks, so there a Retry knows only that it is one (`retryOf: 'unknown'`).
 */
export interface Lineage {
	/** This execution's id. */
	self: string;
	/** The id of the execution this Retry retries; 'unknown' when n8n does not say. */
	retryOf?: string;
}

export const UNKNOWN_RETRY = 'unknown';

interface WithHooks {
	additionalData?: { hooks?: { retryOf?: unknown } };
}

export function lineageOf(ctx: IExecuteFunctions): Lineage {
	const self = String(ctx.getExecutionId());
	if (ctx.getMode() !== 'retry') return { self };
	const retryOf = (ctx as unknown as WithHooks).additionalData?.hooks?.retryOf;
	return { self, retryOf: typeof retryOf === 'string' && retryOf ? retryOf : UNKNOWN_RETRY };
}
