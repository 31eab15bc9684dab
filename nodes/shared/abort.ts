import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Stopping a workflow aborts the execution's signal; every sleep, request and download of this
 * package listens to it, so a stopped execution makes no further request (DESIGN: Bounded).
 */

/** Any n8n context: only some carry the execution's cancel signal (hooks and older n8n versions do not). */
type MaybeCancellable = object;

export function cancelSignal(ctx: MaybeCancellable): AbortSignal | undefined {
	const { getExecutionCancelSignal } = ctx as Partial<Pick<IExecuteFunctions, 'getExecutionCancelSignal'>>;
	return typeof getExecutionCancelSignal === 'function' ? getExecutionCancelSignal.call(ctx) : undefined;
}

export function isCancelled(ctx: MaybeCancellable): boolean {
	return cancelSignal(ctx)?.aborted === true;
}

/** Sleeps `ms`, never past `deadline` (epoch ms); returns early, without throwing, when the execution is stopped. */
export async function pause(ctx: MaybeCancellable, ms: number, deadline = Infinity): Promise<void> {
	const wait = Math.max(0, Math.min(ms, deadline - Date.now()));
	const signal = cancelSignal(ctx);
	if (wait === 0 || signal?.aborted) return;
	try {
		await sleep(wait, signal);
	} catch {
		// Aborted: the caller checks isCancelled() and stops.
	}
}
