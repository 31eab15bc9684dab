import type { Book } from './book';

/**
 * What the bookkeeping cost the creates of one run: how long the lanes waited at the gate (store
 * calls and settle waits), beside the creates' own time. n8n's log gets it at level debug, where
 * the bench reads it (`npm run bench -- --only ledger`).
 */
export class LedgerCost {
	clears = 0;
	waitMs = 0;
	settleMs = 0;
	createMs = 0;

	line(book: Book): string {
		const { clears, waitMs, settleMs, createMs } = this;
		const share = createMs > 0 ? ((100 * waitMs) / createMs).toFixed(2) : '0';
		return `ledger: ${clears} creates waited ${waitMs} ms for the store (${book.calls} calls, ${book.ms} ms in the store, ${settleMs} ms settling), ${share}% of the ${createMs} ms the creates took`;
	}
}
