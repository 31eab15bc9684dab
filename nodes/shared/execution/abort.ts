import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Stopping a workflow aborts the execution's signal; every sleep, request and download of this
 * package listens to it, so a stopped execution makes no further request (docs/architecture.md, Promises: Bounded).
 */

/** Any n8n context: only some carry the execution's cancel signal (hooks and older n8n versions do not). */
type MaybeCancellable = object;

export function cancelSignal(ctx: MaybeCancellable): AbortSignal | undefined {
	const { getExecutionCancelSignal } = ctx as Partial<
		Pick<IExecuteFunctions, 'getExecutionCancelSignal'>
	>;
	return typeof getExecutionCancelSignal === 'function'
		? getExecutionCancelSignal.call(ctx)
		: undefined;
}

export function isCancelled(ctx: MaybeCancellable): boolean {
	return cancelSignal(ctx)?.aborted === true;
}

/** Sleeps `ms`, never past `deadline` (epoch ms); returns early, without throwing, when the execution is stopped. */
export async function pause(ctx: MaybeCancellable, ms: number, deadline = Infinity): Promise<void> {
	const wait = Math.max(0, Math.min(ms, deadline - Date.now()));
	const signal = cancelSignal(ctx);
	if (wait === 0 || signal?.aborted) return;
	await abortableSleep(wait, signal);
}

/**
 * Resolves after `ms` or at once when `signal` fires, on every n8n version: n8n-workflow 2.x's
 * sleep(ms, signal) listens to the signal, 1.x's sleep(ms) ignores it, so the signal is raced here.
 * (Its timer is the reason n8n's sleep is used: a node may not set its own.)
 */
async function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	if (signal.aborted) return;
	let onAbort = () => {};
	const stopped = new Promise<void>((resolve) => {
		onAbort = resolve;
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([sleep(ms, signal).catch(() => undefined), stopped]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}
