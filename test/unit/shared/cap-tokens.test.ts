/**
 * A Daily Cap's tokens (nodes/shared/spend/tokens.ts) in a store that behaves as n8n's: each call
 * reads the record, awaits, then writes it whole, with no lock. Two module copies stand for two
 * n8n processes (queue-mode workers): each has its own view and its own one-call-at-a-time queue.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { MemoryDeduplicator } from '../../harness/deduplicator';
import type { CapDay } from '../../../nodes/shared/spend/day';
import type { StoreRecord } from '../../../nodes/shared/dedupe/store';
import { tokensWithin, unitsOf, unitsThrough } from '../../../nodes/shared/spend/tiers';

type Tokens = typeof import('../../../nodes/shared/spend/tokens');

const DAY: CapDay = {
	day: '2026-12-06',
	previous: '2026-12-05',
	resetsAt: '2026-12-07T00:00:00.000Z',
	timezone: 'UTC',
};
const RECORD: StoreRecord = { scope: 'node', maxEntries: 100_000 };
const CONTEXT = {
	node: { id: 'cap-node' },
	workflow: { id: 'cap-workflow', active: false },
} as never;
const OPTIONS = { mode: 'entries' as const, maxEntries: RECORD.maxEntries };

/** A process: its own copy of the module. */
function processCopy(): Tokens {
	let copy: Tokens | undefined;
	jest.isolateModules(
		() => (copy = jest.requireActual<Tokens>('../../../nodes/shared/spend/tokens')),
	);
	return copy!;
}

let executions = 0;

function contextOn(store: MemoryDeduplicator): IExecuteFunctions {
	const id = String(++executions);
	return {
		getWorkflow: () => ({ id: 'cap-workflow' }),
		getNode: () => ({ id: 'cap-node', name: 'Create Video' }),
		getExecutionId: () => id,
		helpers: {
			checkProcessedAndRecord: async (values: string[]) =>
				await store.checkProcessedAndRecord(values, 'node', CONTEXT, OPTIONS),
			removeProcessed: async (values: string[]) =>
				await store.removeProcessed(values, 'node', CONTEXT),
		},
	} as unknown as IExecuteFunctions;
}

/** One execution: claims `want`, keeps it all; returns the tokens it holds. */
async function execution(copy: Tokens, store: MemoryDeduplicator, want: number, limit: number) {
	const tokens = new copy.CapTokens(contextOn(store), RECORD, DAY, limit);
	await tokens.claim(want);
	const kept = Math.min(want, tokens.mine.length);
	await tokens.keep(kept);
	return [...tokens.mine];
}

const heldInStore = (store: MemoryDeduplicator, limit: number) =>
	Array.from({ length: limit }, (_, i) => i + 1).filter((index) =>
		store.holds(`cap:${DAY.day}:${index}`, 'node', CONTEXT),
	);

describe('Daily Cap tokens', () => {
	test('20 executions at once in one process, each wanting a tenth of the cap: exactly the cap is held, no token twice', async () => {
		const store = new MemoryDeduplicator();
		store.setLatency(2, 30);
		const copy = processCopy();
		const held = await Promise.all(
			Array.from({ length: 20 }, async () => await execution(copy, store, 100, 1000)),
		);
		const all = held.flat();
		expect(new Set(all).size).toBe(all.length);
		expect(all.length).toBe(1000);
		expect(held.filter((tokens) => tokens.length === 100)).toHaveLength(10);
		expect(heldInStore(store, 1000)).toHaveLength(1000);
	});

	test('20 executions at once on two processes: the store never holds more than the cap, and what is held twice stays within the stated bound', async () => {
		const store = new MemoryDeduplicator();
		store.setLatency(2, 30);
		const [one, two] = [processCopy(), processCopy()];
		const held = await Promise.all(
			Array.from({ length: 20 }, (_, index) => execution(index % 2 ? one : two, store, 100, 1000)),
		);
		const all = held.flat();
		expect(heldInStore(store, 1000).length).toBeLessThanOrEqual(1000);
		expect(all.length).toBeGreaterThan(0);
		// docs/production.md, Daily Credit Cap: at most (N - 1) x the largest reservation for N overlapping runs
		expect(all.length).toBeLessThanOrEqual(1000 + 19 * 100);
		expect(held.every((tokens) => tokens.length === 0 || tokens.length === 100)).toBe(true);
	});

	test('a write of another process that lands inside the settle erases a round: that run holds nothing of it, probes the erased tokens again and holds them then', async () => {
		const store = new MemoryDeduplicator();
		store.setLatency(5);
		const copy = processCopy();
		const foreign = store.stalledWrite(['another value'], 'node', CONTEXT, OPTIONS, 20);
		const run = new copy.CapTokens(contextOn(store), RECORD, DAY, 100);
		await run.claim(10);
		await run.keep(10);
		await foreign;
		const tokens = [...run.mine];
		// two rounds (record, check each) and the last forget: the first round was found erased
		expect(run.calls).toBe(5);
		// the second round found the erased tokens new again: held once, by this run
		expect([...tokens].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(heldInStore(store, 100)).toEqual(tokens);
	});

	test('what one run gives back, the next run of the process takes first; nothing past the cap is ever taken', async () => {
		const store = new MemoryDeduplicator();
		const copy = processCopy();
		const tokens = new copy.CapTokens(contextOn(store), RECORD, DAY, 50);
		await tokens.claim(30);
		await tokens.keep(30);
		await tokens.giveBack(10);
		const next = await execution(copy, store, 40, 50);
		expect(next).toHaveLength(30);
		expect(heldInStore(store, 50)).toHaveLength(50);
		expect(await execution(copy, store, 1, 50)).toEqual([]);
	});

	test("the first run of a day takes out of the store the day before's tokens its process saw", async () => {
		const store = new MemoryDeduplicator();
		const copy = processCopy();
		const yesterday = new copy.CapTokens(
			contextOn(store),
			RECORD,
			{ ...DAY, day: DAY.previous, previous: '2026-12-04' },
			20,
		);
		await yesterday.claim(20);
		await yesterday.keep(20);
		expect(store.size('node', CONTEXT)).toBe(20);
		await execution(copy, store, 5, 20);
		expect(store.size('node', CONTEXT)).toBe(5);
	});
});

describe('Daily Cap token tiers', () => {
	test('one unit each for the first 10,000, then tiers of 9,000 tokens of 10, 100… units', () => {
		expect([1, 10_000, 10_001, 19_000, 19_001, 28_000].map(unitsOf)).toEqual([
			1, 1, 10, 10, 100, 100,
		]);
		let sum = 0;
		for (let index = 1; index <= 30_000; index++) {
			sum += unitsOf(index);
			if (sum !== unitsThrough(index)) throw new Error(`token ${index}: ${sum}`);
		}
		expect([10_000, 10_009, 10_010, 100_000, 1_000_000].map(tokensWithin)).toEqual([
			10_000, 10_000, 10_001, 19_000, 28_000,
		]);
	});

	test('a cap of a million credits: a run of 640,000 holds 640,000 and at most one token more, in 24,400 tokens', async () => {
		const store = new MemoryDeduplicator();
		const copy = processCopy();
		const tokens = new copy.CapTokens(contextOn(store), RECORD, DAY, 1_000_000);
		await tokens.claim(640_000);
		await tokens.keep(640_000);
		expect(tokens.held).toBe(640_000);
		expect(tokens.mine).toHaveLength(10_000 + 9_000 + 5_400);
		await tokens.giveBack(100);
		expect(tokens.held).toBe(639_900);
	});
});
