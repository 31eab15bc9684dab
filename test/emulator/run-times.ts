import type { Settings } from './settings';

/**
 * Run times of new tasks, in creation order. Without a spread every task takes `taskDurationMs`;
 * with one, run times follow a log-normal distribution (real render queues finish most tasks near
 * a typical time and a few much later) whose median is `taskDurationMs` and whose 99th percentile
 * is `p99Factor` times that, capped at `maxFactor` times it, drawn from a seeded generator: the
 * same settings give the same run times in the same order.
 */
export function runTimes(settings: Settings): () => number {
	const median = settings.taskDurationMs;
	const spread = settings.taskDurationSpread;
	if (!spread) return () => median;
	const random = mulberry32(spread.seed);
	const sigma = Math.log(spread.p99Factor) / Z_99;
	return () => Math.round(Math.min(spread.maxFactor, Math.exp(sigma * normal(random))) * median);
}

/** The standard normal's 99th percentile: a log-normal's p99 is its median times exp(sigma x this). */
const Z_99 = 2.3263478740408408;

/** A standard normal draw (Box-Muller) from two uniform ones. */
function normal(random: () => number): number {
	const u = 1 - random(); // (0, 1]: the logarithm stays finite
	return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A small seeded uniform generator on [0, 1) (mulberry32): fast, and enough for test clocks. */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
