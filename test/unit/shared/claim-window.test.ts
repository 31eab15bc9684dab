/**
 * The ledger's window of claims ahead (nodes/shared/ledger/window.ts): the next slots in the
 * lanes' order, at most one per lane, asked for in groups, never a slot a lane asked for itself.
 */
import type { Slot } from '../../../nodes/shared/ledger/entries';
import { ClaimWindow } from '../../../nodes/shared/ledger/window';

const slots: Slot[] = Array.from({ length: 10 }, (_, itemIndex) => ({
	itemIndex,
	key: `row ${itemIndex}`,
	occurrence: 0,
}));

function windowOf(lanes: number) {
	const window = new ClaimWindow<number>();
	const claimed: number[] = [];
	window.expect(slots, lanes);
	const topUp = () =>
		window.topUp((slot) => {
			claimed.push(slot.itemIndex);
			return Promise.resolve(slot.itemIndex);
		});
	return { window, claimed, topUp };
}

test('4 lanes that asked for rows 0-3: rows 4-7 are claimed together, one per lane, and nothing more until fewer than 2 are left', () => {
	const { window, claimed, topUp } = windowOf(4);
	slots.slice(0, 4).forEach((slot) => window.asking(slot));
	topUp();
	expect(claimed).toEqual([4, 5, 6, 7]);
	void window.take(slots[4]);
	void window.take(slots[5]);
	topUp();
	expect(claimed).toEqual([4, 5, 6, 7]);
	void window.take(slots[6]);
	topUp();
	expect(claimed).toEqual([4, 5, 6, 7, 8, 9]);
});

test('a slot a lane asked for itself is never claimed ahead, and what no lane took is given back as leftovers', async () => {
	const { window, claimed, topUp } = windowOf(2);
	window.asking(slots[0]);
	window.asking(slots[1]);
	window.asking(slots[2]);
	topUp();
	expect(claimed).toEqual([3, 4]);
	expect(await window.take(slots[3])).toBe(3);
	expect(window.take(slots[3])).toBeUndefined();
	const left = window.leftovers();
	expect(left.map(([slot]) => slot.itemIndex)).toEqual([4]);
	expect(window.leftovers()).toEqual([]);
});

test('one lane: its next row is claimed only once the one before it was taken', () => {
	const { window, claimed, topUp } = windowOf(1);
	window.asking(slots[0]);
	topUp();
	topUp();
	expect(claimed).toEqual([1]);
	void window.take(slots[1]);
	topUp();
	expect(claimed).toEqual([1, 2]);
});

test("without the lanes' order (expect never called) nothing is claimed ahead", () => {
	const window = new ClaimWindow<number>();
	const claimed: Slot[] = [];
	window.topUp((slot) => {
		claimed.push(slot);
		return Promise.resolve(0);
	});
	expect(claimed).toEqual([]);
});
