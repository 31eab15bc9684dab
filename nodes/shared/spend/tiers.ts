/**
 * What each of a day's cap tokens stands for (tokens.ts): the day's first 10,000 tokens one unit
 * each (a credit, or a task), then tiers of 9,000 tokens of 10, 100, 1,000… units: 19,000 tokens
 * count 100,000 credits, 28,000 a million. A reservation is rounded up to whole tokens, so it counts
 * at most one token's units more than it spends: under 0.1% of what the day had spent before it.
 * The same tokens serve every cap, so raising the cap mid-day keeps the day's count.
 */
const FIRST = 10_000;
const PER_TIER = 9_000;

/** Units token `index` (1-based) stands for. */
export function unitsOf(index: number): number {
	if (index <= FIRST) return 1;
	return 10 ** (1 + Math.floor((index - FIRST - 1) / PER_TIER));
}

/** Units tokens 1..`index` stand for together. */
export function unitsThrough(index: number): number {
	if (index <= FIRST) return Math.max(0, index);
	const tier = 1 + Math.floor((index - FIRST - 1) / PER_TIER);
	const inTier = index - FIRST - (tier - 1) * PER_TIER;
	return 10 ** (tier + 3) + inTier * 10 ** tier;
}

/** How many tokens a cap of `limit` units allows: the last whose units end within it. */
export function tokensWithin(limit: number): number {
	if (limit <= FIRST) return Math.max(0, Math.floor(limit));
	let tier = 1;
	while (10 ** (tier + 4) < limit) tier++;
	const inTier = Math.floor((limit - 10 ** (tier + 3)) / 10 ** tier);
	return FIRST + (tier - 1) * PER_TIER + inTier;
}

/** The units of a list of tokens. */
export const unitsOfAll = (indexes: number[]): number =>
	indexes.reduce((sum, index) => sum + unitsOf(index), 0);
