import { boundsOf, DEFAULT_POLL, MIN_INTERVAL_MS } from '../../../nodes/shared/polling';
import { estimateOf, learn, planRound } from '../../../nodes/shared/polling/schedule';
import type { ScheduleBounds } from '../../../nodes/shared/polling/schedule';
import type { Watch } from '../../../nodes/shared/polling/watch';
import { assumedCreationTimes } from '../../../nodes/shared/polling/creation';
import { groupKey } from '../../../nodes/shared/polling/groups';
import { runTimes } from '../../emulator/run-times';
import { DEFAULT_SETTINGS } from '../../emulator/settings';

/** The scheduler's decisions on a simulated clock: no timers, so nothing here depends on the machine's speed. */

const bounds: ScheduleBounds = { minIntervalMs: 250, maxIntervalMs: 30_000, overshootShare: 0.03 };
const START = 1_000_000;
const watches = (count: number, group = ''): Watch[] =>
	Array.from({ length: count }, () => ({ group, settled: false }));

describe('planRound: before any duration is known', () => {
	test('only the scout (first open task) and the anchor (last task) are checked at the start', () => {
		const round = planRound(watches(5), new Map(), START, START, bounds);
		expect(round.due).toEqual([0, 4]);
		expect(round.wakeAt).toBe(START + bounds.maxIntervalMs);
	});

	test('the scout is checked again after a share of the time it has run, never sooner than the minimum interval', () => {
		const tasks = watches(3);
		tasks[0] = { ...tasks[0], createdAt: START - 20_000, lastCheck: START };
		tasks[2] = { ...tasks[2], createdAt: START, lastCheck: START };
		expect(planRound(tasks, new Map(), START, START, bounds).wakeAt).toBe(START + 0.03 * 20_000);
		tasks[0].createdAt = START - 1_000;
		expect(planRound(tasks, new Map(), START, START, bounds).wakeAt).toBe(
			START + bounds.minIntervalMs,
		);
	});

	test('the others wait, but never longer than the maximum interval', () => {
		const tasks = watches(3).map((task) => ({ ...task, createdAt: START, lastCheck: START }));
		tasks[0].settled = true; // a scout that failed: the next open task becomes the scout
		const round = planRound(tasks, new Map(), START + bounds.maxIntervalMs, START, bounds);
		expect(round.due).toEqual([1, 2]);
	});
});

describe('planRound: dense checks share one budget', () => {
	test('with four tasks checked densely, each gap is twice as long', () => {
		const tasks = ['a', 'b', 'c', 'd'].map((group) => ({
			group,
			settled: false,
			createdAt: START - 1_000,
			lastCheck: START,
		}));
		expect(planRound(tasks, new Map(), START, START, bounds).wakeAt).toBe(
			START + 2 * bounds.minIntervalMs,
		);
		expect(planRound(tasks.slice(0, 1), new Map(), START, START, bounds).wakeAt).toBe(
			START + bounds.minIntervalMs,
		);
	});
});

describe('planRound: once a task of the group completed', () => {
	const learnt = new Map([['', [30_000]]]);
	const bounds: ScheduleBounds = {
		minIntervalMs: 250,
		maxIntervalMs: 60_000,
		overshootShare: 0.03,
	};

	test('each task is due at its own creation time plus the estimate, and not before', () => {
		const tasks = watches(3).map((task, index) => ({
			...task,
			createdAt: START + index * 100,
			lastCheck: START,
		}));
		const early = planRound(tasks, learnt, START + 30_050, START, bounds);
		expect(early.due).toEqual([0]);
		expect(early.wakeAt).toBe(START + 30_100);
	});

	test('a task never answered yet is expected with the latest creation time seen in its group', () => {
		const tasks = watches(3);
		tasks[2] = { ...tasks[2], createdAt: START + 400, lastCheck: START };
		expect(planRound(tasks, learnt, START + 30_399, START, bounds).due).toEqual([]);
		expect(planRound(tasks, learnt, START + 30_400, START, bounds).due).toEqual([0, 1, 2]);
	});

	test('a task that outlived its estimate is checked densely', () => {
		const tasks = [{ group: '', settled: false, createdAt: START, lastCheck: START + 40_000 }];
		expect(planRound(tasks, learnt, START + 40_000, START, bounds).wakeAt).toBe(
			START + 40_000 + 0.03 * 40_000,
		);
	});

	test('an estimate serves only its own group; another group keeps its own scout', () => {
		const tasks = [...watches(2, 'sd2 5s'), ...watches(2, 'sd2 15s')];
		const round = planRound(tasks, new Map([['sd2 5s', [5_000]]]), START, START, bounds);
		expect(round.due).toEqual([2, 3]);
		expect(round.wakeAt).toBe(START + 5_000);
	});
});

describe('assumedCreationTimes: where a task never answered was probably created', () => {
	const known = (times: Array<number | undefined>, group = ''): Watch[] =>
		times.map((createdAt) => ({ group, settled: false, createdAt }));

	test('between the known tasks around it, by input order, leaning four creation steps late', () => {
		const assumed = assumedCreationTimes(
			known([
				1000,
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				2000,
			]),
		);
		expect(assumed[1]).toBe(1000 + 100 * 5);
		expect(assumed[9]).toBe(2000); // never after the next known task
		expect(assumed[10]).toBe(2000);
	});

	test('before the first known task its time is the bound; past the last, the latest known; nothing known, nothing assumed', () => {
		expect(assumedCreationTimes(known([undefined, 1500, undefined, 1200, undefined]))).toEqual([
			1500, 1500, 1500, 1200, 1500,
		]);
		expect(assumedCreationTimes(known([undefined, undefined]))).toEqual([undefined, undefined]);
	});

	test('only tasks of the same group inform each other', () => {
		const tasks = [...known([1000, undefined], 'a'), ...known([undefined, 9000], 'b')];
		expect(assumedCreationTimes(tasks)).toEqual([1000, 1000, 9000, 9000]);
	});
});

describe('estimates and groups', () => {
	test('the estimate is the median of the completed run times', () => {
		const durations = new Map<string, number[]>();
		expect(estimateOf(durations.get('a'))).toBeUndefined();
		for (const ms of [9_000, 5_000, 6_000]) learn(durations, 'a', ms);
		learn(durations, 'a', -5); // a clock that went backwards teaches nothing
		expect(estimateOf(durations.get('a'))).toBe(6_000);
	});

	test('items group by the fields that decide how long a task takes', () => {
		expect(groupKey({ taskId: 't1', model: 'sd2', estimatedCredits: 200 })).toBe(
			groupKey({ taskId: 't2', model: 'sd2', estimatedCredits: 200 }),
		);
		expect(groupKey({ model: 'sd2', estimatedCredits: 200 })).not.toBe(
			groupKey({ model: 'sd2', estimatedCredits: 600 }),
		);
		expect(groupKey({ prompt: 'a cat' })).toBe('');
	});

	test('the bounds keep the floor whatever a workflow sets', () => {
		expect(boundsOf({ ...DEFAULT_POLL, intervalMs: 0, maxIntervalMs: 0 })).toMatchObject({
			minIntervalMs: MIN_INTERVAL_MS,
			maxIntervalMs: MIN_INTERVAL_MS,
		});
	});
});

/**
 * A batch on a simulated clock: `count` tasks created `spreadMs` apart in input order, each
 * taking `durationMs`, waited on from the moment the last was created. Returns checks per task
 * and the moment of the last check, as the benchmark measures them.
 */
function simulate(
	count: number,
	durationMs: number,
	spreadMs: number,
	schedule = bounds,
	vary?: (index: number) => { group: string; durationMs: number },
) {
	const created = Array.from({ length: count }, (_, index) => START + index * spreadMs);
	const startedAt = created[count - 1];
	const tasks = watches(count).map((task, index) => ({
		...task,
		group: vary?.(index).group ?? '',
	}));
	const runMs = (index: number) => vary?.(index).durationMs ?? durationMs;
	const durations = new Map<string, number[]>();
	const checks = new Array(count).fill(0);
	let shortestGap = Infinity;
	let now = startedAt;
	let lastCheck = now;
	for (let rounds = 0; rounds < 10_000; rounds++) {
		const { due, wakeAt } = planRound(tasks, durations, now, startedAt, schedule);
		for (const index of due) {
			checks[index]++;
			if (tasks[index].lastCheck !== undefined)
				shortestGap = Math.min(shortestGap, now - tasks[index].lastCheck!);
			lastCheck = now;
			Object.assign(tasks[index], { lastCheck: now, createdAt: created[index] });
			if (now < created[index] + runMs(index)) continue;
			tasks[index].settled = true;
			learn(durations, tasks[index].group, runMs(index));
		}
		if (wakeAt === Infinity && due.length === 0) break;
		if (due.length === 0) now = wakeAt;
	}
	const limit = Math.max(...created.map((at, index) => at + runMs(index))) - created[0];
	return {
		checksPerTask: checks.reduce((a, b) => a + b, 0) / count,
		span: (lastCheck - created[0]) / durationMs,
		/** Against the slowest task's end, for uneven run times. */
		spanToLimit: (lastCheck - created[0]) / limit,
		unchecked: checks.filter((n) => n === 0).length,
		shortestGap,
		checks,
	};
}

describe("a batch on the simulated clock (the benchmark's targets, less n8n and HTTP)", () => {
	test.each([
		[100, 30_000, 5, 1.05, 2],
		[100, 5_000, 5, 1.1, 1.5],
	])(
		'%i tasks of %i ms created %i ms apart: span <= %f x T, <= %f checks per task',
		(count, durationMs, spreadMs, span, checks) => {
			const result = simulate(count, durationMs, spreadMs);
			expect(result.unchecked).toBe(0);
			expect(result.span).toBeLessThanOrEqual(span);
			expect(result.checksPerTask).toBeLessThanOrEqual(checks);
		},
	);

	test("in a small batch the scout's dense checks are the only extra cost: every other task is checked at most three times (start, maximum interval, estimate)", () => {
		const result = simulate(10, 60_000, 20);
		expect(result.span).toBeLessThanOrEqual(1.05);
		expect(Math.max(...result.checks.slice(1))).toBeLessThanOrEqual(3);
	});

	test('a batch of many different durations (each its own group) shares one learning budget', () => {
		const result = simulate(100, 30_000, 5, bounds, (index) => ({
			group: `g${index}`,
			durationMs: 5_000 + index * 250,
		}));
		expect(result.unchecked).toBe(0);
		// One dense scout per task would cost about 70 checks each; the shared budget keeps it near ten.
		expect(result.checksPerTask).toBeLessThanOrEqual(12);
	});

	test("the compat service's advice (10-30 s) keeps every gap within it", () => {
		const compat = { minIntervalMs: 10_000, maxIntervalMs: 30_000, overshootShare: 0.03 };
		const result = simulate(20, 45_000, 50, compat);
		expect(result.unchecked).toBe(0);
		expect(result.shortestGap).toBeGreaterThanOrEqual(10_000);
		expect(result.span).toBeLessThanOrEqual(1 + 10_000 / 45_000 + 0.01);
	});
});

describe('uneven run times on the simulated clock (log-normal, p99 3 x the median, capped at 6 x)', () => {
	/** One batch of the emulator's spread (test/emulator/run-times.ts) with `seed`. */
	const uneven = (count: number, seed: number) => {
		const next = runTimes({
			...DEFAULT_SETTINGS,
			taskDurationMs: 10_000,
			taskDurationSpread: { p99Factor: 3, maxFactor: 6, seed },
		});
		const runs = Array.from({ length: count }, () => next());
		return simulate(count, 10_000, 5, nodeBounds, (index) => ({
			group: '',
			durationMs: runs[index],
		}));
	};
	const nodeBounds = boundsOf(DEFAULT_POLL);

	test('the tail share is what the node uses', () => {
		expect(nodeBounds.tailShare).toBe(0.02);
	});

	test.each([
		[100, 2.5],
		[1000, 1.75],
	])(
		'%i tasks over several seeds: the last task is read within 2%% of the slowest end, at most %f checks per task on average',
		(count, checks) => {
			const seeds = count === 100 ? 10 : 3;
			const runs = Array.from({ length: seeds }, (_, seed) => uneven(count, seed + 1));
			for (const run of runs) {
				expect(run.unchecked).toBe(0);
				expect(run.spanToLimit).toBeLessThanOrEqual(1.02);
			}
			const mean = runs.reduce((sum, run) => sum + run.checksPerTask, 0) / runs.length;
			expect(mean).toBeLessThanOrEqual(checks);
		},
	);
});
