import { NodeApiError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { isCancelled } from '../execution/abort';
import type { Price } from '../pricing';
import { mapWithLimit } from '../execution/concurrency';
import { UnreadableAnswerError } from '../tasks';
import type { CreatedTask, TaskKind } from '../tasks';
import { isOutcomeUnknown, notConfirmedError, notSentError } from '../errors';
import type { ItemFailure } from './outcomes';
import type { ReadyItem } from './plan';
import type { Slot } from '../ledger/entries';
import type { SkippedItem } from './claim';
import type { SendGate } from '../ledger/gate';
import { traceCreated, traceSending, traceUnknown } from '../paid-once/trace';

export interface SubmittedItem {
	itemIndex: number;
	variant?: number;
	task: CreatedTask;
	price: Price;
}

const isPaymentRequired = (error: unknown) =>
	error instanceof NodeApiError && error.httpCode === '402';

interface SubmitOptions<R> {
	concurrency: number;
	/** Bound of one create request, from connecting to the whole answer. */
	requestTimeoutMs: number;
	/** Records each create just before it is sent, or says why it must not be (../ledger/gate.ts). */
	gate: SendGate;
	slotOf: (entry: ReadyItem<R>) => Slot;
}

/** Why the batch stopped sending: the first reason wins. */
type StopReason = 'payment' | 'unknown' | 'stopped';

/**
 * Sends each ready item's create request once, at most `concurrency` at a time. A 402 stops
 * further submissions (the balance will not grow by itself); so does a create whose outcome is
 * unknown (a failing or hanging service would otherwise take every remaining item, and each
 * could be billed), and so does a stopped execution. Every item not sent says why.
 */
export async function submitAll<R>(
	ctx: IExecuteFunctions,
	kind: TaskKind<R>,
	ready: Array<ReadyItem<R>>,
	options: SubmitOptions<R>,
): Promise<Array<SubmittedItem | ItemFailure | SkippedItem>> {
	let stop: StopReason | undefined;
	const { gate } = options;
	gate.expect(ready.map(options.slotOf), options.concurrency);
	const results = await mapWithLimit(
		ready,
		options.concurrency,
		async (entry): Promise<SubmittedItem | ItemFailure | SkippedItem> => {
			const { itemIndex, variant, request, price } = entry;
			const slot = options.slotOf(entry);
			const verdict = await gate.clear(slot);
			if ('skip' in verdict) return { itemIndex, variant, key: slot.key, reason: verdict.skip };
			if ('fail' in verdict) return { itemIndex, variant, error: verdict.fail, sent: 'no' };
			if (isCancelled(ctx)) {
				gate.release(slot);
				return { ...notSent(ctx, itemIndex, 'stopped'), variant };
			}
			const origin = { kind: kind.name, itemIndex, variant };
			traceSending(ctx, origin, price);
			const sending = Date.now();
			try {
				const task = await kind.create(ctx, request, itemIndex, options.requestTimeoutMs);
				gate.cost.createMs += Date.now() - sending;
				traceCreated(ctx, origin, task.id, price);
				return { itemIndex, variant, task, price };
			} catch (error) {
				const failure = { ...createFailure(ctx, error as Error, itemIndex), variant };
				if (failure.sent === 'unknown') traceUnknown(ctx, origin, price, failure.error.message);
				else gate.release(slot);
				stop ??= isPaymentRequired(error)
					? 'payment'
					: failure.sent === 'unknown'
						? 'unknown'
						: undefined;
				return failure;
			}
		},
		() => (stop ??= isCancelled(ctx) ? 'stopped' : undefined) !== undefined,
	);
	return results.map(
		(result, index) =>
			result ?? {
				...notSent(ctx, ready[index].itemIndex, stop ?? 'stopped'),
				variant: ready[index].variant,
			},
	);
}

/** A failed create: only a clear refusal by the service may say that nothing was created. */
function createFailure(ctx: IExecuteFunctions, error: Error, itemIndex: number): ItemFailure {
	if (error instanceof UnreadableAnswerError) {
		const unconfirmed = notConfirmedError(ctx.getNode(), 'task', error.message, itemIndex);
		return { itemIndex, error: unconfirmed, sent: 'unknown' };
	}
	return { itemIndex, error, sent: isOutcomeUnknown(error) ? 'unknown' : 'refused' };
}

const NOT_SENT: Record<StopReason, { message: string; description: string }> = {
	payment: {
		message: 'Not sent: an earlier item of this batch got HTTP 402, insufficient credits',
		description:
			'Nothing was created for this item. Top up or enable automatic top-up, then run the remaining items again.',
	},
	unknown: {
		message: 'Not sent: an earlier create of this batch got no clear answer from the service',
		description:
			'Nothing was created for this item. Once the service answers again, run the items marked "Not sent" again.',
	},
	stopped: {
		message: 'Not sent: the execution was stopped',
		description: 'Nothing was created for this item.',
	},
};

function notSent(ctx: IExecuteFunctions, itemIndex: number, why: StopReason): ItemFailure {
	const { message, description } = NOT_SENT[why];
	return {
		itemIndex,
		error: notSentError(ctx.getNode(), message, description, itemIndex),
		sent: 'no',
	};
}
