import type { IExecuteFunctions } from 'n8n-workflow';

import { addHint } from '../execution/hints';
import { lineageOf } from '../execution/lineage';
import type { SkipSettings } from '../dedupe/settings';
import { Book } from './book';
import { lookUpEarlierSends, lookupsOf } from './check';
import type { Slot } from './entries';
import { SendGate } from './gate';
import { recordsOf } from './records';

export interface Ledger {
	/** The slots an earlier run, the retried execution or an earlier try sent, with why. */
	sentBefore: Map<Slot, string>;
	/** Records each create just before it is sent (gate.ts). */
	gate: SendGate;
	/**
	 * Once every create was answered: the last records, and a warning for what the store lost.
	 * Gives the items whose record was erased after it was seen to hold (../paid-once/suspects.ts).
	 */
	close(): Promise<Set<number>>;
}

/**
 * The ledger of paid work (docs/production.md, "Paid once"): which execution sent which row,
 * kept in n8n's deduplication store apart from the user's memory of sent rows (records.ts). It
 * serves every Create node: Skip Items Already Created, n8n's Retry of an execution (which
 * re-sends exactly what that execution never sent), and Retry On Fail.
 */
export async function openLedger(
	ctx: IExecuteFunctions,
	slots: Slot[],
	settings: SkipSettings,
): Promise<Ledger> {
	const lineage = lineageOf(ctx);
	const lookups = lookupsOf(ctx, settings, lineage);
	const book = new Book(ctx, recordsOf(settings), lookups.memory);
	if (settings.forget) await book.forget([...new Set(slots.map(({ key }) => key))], []);
	const earlier = await lookUpEarlierSends(book, lineage, settings, lookups, slots);
	const sentBefore = earlier.reasons;
	const gate = new SendGate(ctx, book, lineage, settings, lookups, earlier.inherited);
	return {
		sentBefore,
		gate,
		close: async () => {
			await gate.close();
			warnOfStore(ctx, gate);
			ctx.logger.debug(`${ctx.getNode().name}: ${gate.cost.line(book)}`);
			return gate.suspects;
		},
	};
}

function warnOfStore(ctx: IExecuteFunctions, gate: SendGate): void {
	if (gate.lost > 0) {
		const message = `n8n's deduplication store lost ${gate.lost} of this run's records to other executions writing at the same moment (it has no lock); they were recorded again before the node ended.`;
		ctx.logger.warn(`${ctx.getNode().name}: ${message}`);
		addHint(ctx, message, 'warning');
	}
	if (gate.forgetFailures.length > 0) {
		const items = [...new Set(gate.forgetFailures.map(({ itemIndex }) => itemIndex))].join(', ');
		addHint(
			ctx,
			`Skip Items Already Created: n8n's deduplication store could not forget the items without a task (item index ${items}): ${gate.forgetError?.message}. Later runs will skip them until a run with Forget Earlier Runs.`,
			'warning',
		);
	}
}
