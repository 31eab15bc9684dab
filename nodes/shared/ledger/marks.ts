import type { Book } from './book';
import { sentEntry } from './entries';
import type { Slot, Verdict } from './entries';

interface Marking {
	slot: Slot;
	resolve: (verdict: Verdict) => void;
}

/**
 * A competing run's second step (gate.ts): the sentEntry of each claimed slot, recorded just
 * before its create leaves, with no settle wait (no other execution writes it). The lanes ready at
 * the same moment share one store call. A call that fails fails its slots, whose claims `onFail`
 * takes back: nothing was sent.
 */
export class SendMarks {
	private queue: Marking[] = [];
	private running?: Promise<void>;
	/** Slots whose sentEntry was recorded: their create left, or was about to. */
	readonly marked = new Set<Slot>();

	constructor(
		private readonly book: Book,
		private readonly self: string,
		private readonly onFail: (slot: Slot) => void,
	) {}

	mark(slot: Slot): Promise<Verdict> {
		return new Promise<Verdict>((resolve) => {
			this.queue.push({ slot, resolve });
			this.running ??= this.drain().finally(() => (this.running = undefined));
		});
	}

	/** Once every mark asked for is recorded (or failed). */
	async idle(): Promise<void> {
		while (this.running) await this.running;
	}

	private async drain(): Promise<void> {
		while (this.queue.length > 0) {
			const batch = this.queue.splice(0);
			const verdict = await this.book
				.record(
					[],
					batch.map(({ slot }) => sentEntry(this.self, slot)),
				)
				.then((): Verdict => ({ send: true }))
				.catch((error: Error): Verdict => ({ fail: error }));
			for (const { slot, resolve } of batch) {
				if ('send' in verdict) this.marked.add(slot);
				else this.onFail(slot);
				resolve(verdict);
			}
		}
	}
}
