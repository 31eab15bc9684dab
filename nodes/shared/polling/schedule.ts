import { assumedCreationTimes } from './creation';
import type { Watch } from './watch';

/**
 * When to check each task next: pure decisions from what the batch has seen so far (no clock, no
 * I/O), so every choice is unit-tested without timing.
 *
 * - Once a task of a group has completed, its run time (`createdAt` → `completedAt`) is the
 *   group's estimate: every other task is checked once at its own creation time plus that
 *   estimate. A task whose creation time is still unknown is placed between the known ones
 *   around it (creation.ts), so one check usually suffices.
 * - Before any duration is known, one scout per group (its first open task) is checked densely,
 *   each gap a small share of the time it has run, so the moment the batch learns the duration
 *   overshoots the task's end by that share at most. The group's last task is checked once at
 *   the start, to learn the latest creation time. The others wait for the estimate.
 * - A task that outlives its estimate is checked densely the same way. Dense checks share one
 *   budget (denseBounds), so many of them at once slow down rather than flood the service.
 * - Bounds always hold: never two checks of one task closer than `minIntervalMs`, never further
 *   apart (or later after the start) than `maxIntervalMs`.
 */

export interface ScheduleBounds {
	/** The shortest gap between two checks of one task. */
	minIntervalMs: number;
	/** The longest gap between two checks of one task (and before its first check). */
	maxIntervalMs: number;
	/** A dense gap is this share of the time the task has run so far. */
	overshootShare: number;
	/**
	 * The same for a task that outlived its estimate (the tail of uneven run times), default
	 * overshootShare: the batch ends with the last of these, so it is read within this share.
	 */
	tailShare?: number;
}

/** What the batch has learnt, per group: the run times of tasks that completed. */
type Durations = ReadonlyMap<string, readonly number[]>;

/** The median run time of a group, or undefined before any of its tasks completed. */
export function estimateOf(samples: readonly number[] | undefined): number | undefined {
	if (!samples || samples.length === 0) return undefined;
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Records a completed task's run time under its group (a failed task's time says nothing about success). */
export function learn(durations: Map<string, number[]>, group: string, runMs: number): void {
	if (!(runMs >= 0)) return;
	const samples = durations.get(group) ?? [];
	samples.push(runMs);
	durations.set(group, samples);
}

interface GroupView {
	/** The first open task: the scout while no estimate exists. */
	scout?: number;
	/** The last task of the group: checked once early to learn the latest creation time. */
	anchor: number;
	estimate?: number;
}

function viewGroups(watches: readonly Watch[], durations: Durations): Map<string, GroupView> {
	const groups = new Map<string, GroupView>();
	watches.forEach((watch, index) => {
		const view = groups.get(watch.group) ?? {
			anchor: index,
			estimate: estimateOf(durations.get(watch.group)),
		};
		view.anchor = index;
		if (view.scout === undefined && !watch.settled) view.scout = index;
		groups.set(watch.group, view);
	});
	return groups;
}

/**
 * What a task's next check is: at a known moment, or dense (a share of the time it has run since
 * `origin`, after its last check at `last`).
 */
type Plan = { at: number } | { last: number; origin: number; tail?: true };

function planOf(
	index: number,
	watches: readonly Watch[],
	view: GroupView,
	createdAt: number | undefined,
	startedAt: number,
	maxIntervalMs: number,
): Plan {
	const watch = watches[index];
	const last = watch.lastCheck;
	const origin = createdAt ?? startedAt;
	if (view.estimate !== undefined) {
		const expectedEnd = origin + view.estimate;
		return last === undefined || last < expectedEnd
			? { at: expectedEnd }
			: { last, origin, tail: true };
	}
	if (index === view.scout) return last === undefined ? { at: startedAt } : { last, origin };
	if (index === view.anchor && watch.createdAt === undefined && last === undefined)
		return { at: startedAt };
	return { at: (last ?? startedAt) + maxIntervalMs };
}

/** The gaps of dense checks: a minimum and a share of the time the task has run. */
interface DenseGap {
	minIntervalMs: number;
	share: number;
}

/**
 * Dense checks share one budget: with k tasks checked densely at once (many groups still
 * learning, or many tasks past their estimate), each gap is sqrt(k) times longer, so a large
 * batch never asks faster than a hand-made loop over all of it would. Tasks past their estimate
 * stretch by k^0.75: while many are left, none of them is likely the last one, on which the batch's
 * end waits; as they finish, the gaps shrink to tailShare.
 */
function denseGaps(
	plans: ReadonlyArray<Plan | undefined>,
	bounds: ScheduleBounds,
): { learning: DenseGap; tail: DenseGap } {
	const dense = Math.max(1, plans.filter((plan) => plan && 'last' in plan).length);
	const gap = (share: number, factor: number) => ({
		minIntervalMs: bounds.minIntervalMs * factor,
		share: share * factor,
	});
	return {
		learning: gap(bounds.overshootShare, Math.sqrt(dense)),
		tail: gap(bounds.tailShare ?? bounds.overshootShare, dense ** 0.75),
	};
}

const denseTime = (plan: { last: number; origin: number }, gap: DenseGap) =>
	plan.last + Math.max(gap.minIntervalMs, gap.share * Math.max(0, plan.last - plan.origin));

/** When a planned check happens, within the bounds: never two checks closer than the minimum, never further apart than the maximum. */
function timeOf(
	plan: Plan,
	watch: Watch,
	startedAt: number,
	bounds: ScheduleBounds,
	gaps: { learning: DenseGap; tail: DenseGap },
): number {
	const last = watch.lastCheck;
	const at = 'at' in plan ? plan.at : denseTime(plan, plan.tail ? gaps.tail : gaps.learning);
	const earliest = last === undefined ? -Infinity : last + bounds.minIntervalMs;
	return Math.max(earliest, Math.min((last ?? startedAt) + bounds.maxIntervalMs, at));
}

interface Round {
	/** Tasks due now, in input order. */
	due: number[];
	/** When the next task falls due (Infinity when all are settled). */
	wakeAt: number;
}

/** The tasks due at `now`, and when to look again. */
export function planRound(
	watches: readonly Watch[],
	durations: Durations,
	now: number,
	startedAt: number,
	bounds: ScheduleBounds,
): Round {
	const groups = viewGroups(watches, durations);
	const created = assumedCreationTimes(watches);
	const plans = watches.map((watch, index) =>
		watch.settled
			? undefined
			: planOf(
					index,
					watches,
					groups.get(watch.group)!,
					created[index],
					startedAt,
					bounds.maxIntervalMs,
				),
	);
	const gaps = denseGaps(plans, bounds);
	const due: number[] = [];
	let wakeAt = Infinity;
	plans.forEach((plan, index) => {
		if (!plan) return;
		const at = timeOf(plan, watches[index], startedAt, bounds, gaps);
		if (at <= now) due.push(index);
		else wakeAt = Math.min(wakeAt, at);
	});
	return { due, wakeAt };
}
