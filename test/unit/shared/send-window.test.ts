import { sendWindows } from '../../../nodes/shared/create/send-window';
import { mapWithLimit } from '../../../nodes/shared/execution/concurrency';

/** 40 items sent 4 at a time through a gate of windows of 16; what `clear` was called with, in order. */
async function send(fail: (items: number[]) => boolean = () => false) {
	const items = Array.from({ length: 40 }, (_, index) => 100 + index);
	const calls: number[][] = [];
	/** When each window's clear ended and each item went out, in order. */
	const events: string[] = [];
	const gate = sendWindows(items, 16, async (window) => {
		calls.push(window);
		await new Promise((resolve) => setTimeout(resolve, 2));
		if (fail(window)) throw new Error('store down');
		events.push(`cleared ${window[0]}`);
	});
	const outcomes = await mapWithLimit(items, 4, async (item, position) =>
		gate(position).then(
			() => (events.push(`sent ${item}`), 'sent'),
			() => 'not sent',
		),
	);
	return { calls, outcomes, items, events };
}

test('one clear per window of items, in send order, each before any of its items is sent', async () => {
	const { calls, items, events } = await send();
	expect(calls).toEqual([items.slice(0, 16), items.slice(16, 32), items.slice(32)]);
	for (const [position, item] of items.entries()) {
		const window = items[Math.floor(position / 16) * 16];
		expect(events.indexOf(`cleared ${window}`)).toBeLessThan(events.indexOf(`sent ${item}`));
	}
});

test('a clear that fails stops the items of its window only', async () => {
	const { outcomes } = await send((window) => window[0] === 116);
	expect(outcomes.map((outcome, position) => [Math.floor(position / 16), outcome])).toEqual([
		...Array(16).fill([0, 'sent']),
		...Array(16).fill([1, 'not sent']),
		...Array(8).fill([2, 'sent']),
	]);
});
