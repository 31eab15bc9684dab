import type { Slot } from './entries';

/**
 * Which slots a run claims ahead of its lanes (Skip on, or a Retry): the next ones in the order the lanes
 * take them, at most one per lane beyond those travelling, topped up in groups so that the lanes'
 * next claims share a store round. A claim settles while the current creates travel, so a lane
 * waits on the settle only when nothing of its own is in flight (its first create).
 */
export class ClaimWindow<V> {
	private order: Slot[] = [];
	private cursor = 0;
	private lanes = 0;
	private readonly asked = new Set<Slot>();
	private readonly ahead = new Map<Slot, Promise<V>>();

	/** The lanes' order of sends and how many lanes there are; without it nothing is claimed ahead. */
	expect(order: Slot[], lanes: number): void {
		this.order = order;
		this.lanes = lanes;
	}

	/** The claim already asked for this slot, taken out of the window. */
	take(slot: Slot): Promise<V> | undefined {
		const claim = this.ahead.get(slot);
		this.ahead.delete(slot);
		return claim;
	}

	/** Marks a slot as asked for by its lane, so that it is not claimed ahead as well. */
	asking(slot: Slot): void {
		this.asked.add(slot);
	}

	/** Asks `claim` for the next slots once fewer than half the lanes have one claimed ahead. */
	topUp(claim: (slot: Slot) => Promise<V>): void {
		if (this.ahead.size >= Math.ceil(this.lanes / 2)) return;
		while (this.ahead.size < this.lanes) {
			while (this.cursor < this.order.length && this.asked.has(this.order[this.cursor]))
				this.cursor++;
			const slot = this.order[this.cursor];
			if (!slot) return;
			this.asked.add(slot);
			this.ahead.set(slot, claim(slot));
		}
	}

	/** Every claim no lane took (the batch stopped early), emptied out of the window. */
	leftovers(): Array<[Slot, Promise<V>]> {
		const left = [...this.ahead];
		this.ahead.clear();
		return left;
	}
}
