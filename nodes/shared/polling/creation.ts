import type { Watch } from './watch';

/**
 * Checking a task early costs a check; checking it a little late costs little. So a guessed
 * creation time leans this many creation steps late (a Create node submits a few items at once,
 * so their order within such a handful is not certain).
 */
const SLACK_STEPS = 4;

/**
 * When each task that has not answered yet was probably created (undefined where nothing is
 * known). Items arrive in creation order, so a task sits between the tasks around it (in its
 * group) whose creation time is known: interpolated, leaning late, never after the next known
 * one; past the last known task, at the latest known time.
 */
export function assumedCreationTimes(watches: readonly Watch[]): Array<number | undefined> {
	const assumed: Array<number | undefined> = watches.map((watch) => watch.createdAt);
	for (const members of membersByGroup(watches).values()) {
		const known = members.filter((index) => watches[index].createdAt !== undefined);
		const latest = Math.max(...known.map((index) => watches[index].createdAt!));
		let next = 0;
		for (const index of members) {
			if (watches[index].createdAt !== undefined) continue;
			while (next < known.length && known[next] < index) next++;
			assumed[index] = between(watches, index, known[next - 1], known[next], latest);
		}
	}
	return assumed;
}

function membersByGroup(watches: readonly Watch[]): Map<string, number[]> {
	const groups = new Map<string, number[]>();
	watches.forEach((watch, index) => {
		const members = groups.get(watch.group);
		if (members) members.push(index);
		else groups.set(watch.group, [index]);
	});
	return groups;
}

function between(
	watches: readonly Watch[],
	index: number,
	below: number | undefined,
	above: number | undefined,
	latest: number,
): number | undefined {
	if (above === undefined) return below === undefined ? undefined : latest;
	const upper = watches[above].createdAt!;
	if (below === undefined) return upper;
	const lower = watches[below].createdAt!;
	const step = Math.max(0, (upper - lower) / (above - below));
	// Known times out of input order: the later of the two is the safe guess.
	return Math.max(lower, Math.min(upper, lower + step * (index - below + SLACK_STEPS)));
}
