// Progress lines with the elapsed time, for the demo and the e2e set-up:
//   [  12.3 s] Importing 4 example workflows…
// and heartbeats, so a long step never looks hung. Plain Node ESM.

/**
 * Runs `fn`, calling `tick(secondsSoFar)` every `everyMs` until it settles.
 * @template T
 * @param {number} everyMs
 * @param {(seconds: number) => void} tick
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function heartbeat(everyMs, tick, fn) {
	const started = Date.now();
	const timer = setInterval(() => tick(Math.round((Date.now() - started) / 1000)), everyMs);
	try {
		return await fn();
	} finally {
		clearInterval(timer);
	}
}

/**
 * @param {{ write?: (line: string) => void, t0?: number }} [opts]
 */
export function createProgress({ write = (line) => console.log(line), t0 = Date.now() } = {}) {
	const seconds = () => (Date.now() - t0) / 1000;
	const stamp = () => `[${seconds().toFixed(1).padStart(6)} s]`;
	/** One progress line. */
	const log = (msg) => {
		for (const [i, line] of String(msg).split('\n').entries())
			write(i === 0 ? `${stamp()} ${line}` : `${' '.repeat(10)} ${line}`);
	};
	/**
	 * Runs `fn` while printing "still <label>… N s" every `everyMs`.
	 * @template T
	 * @param {string} label
	 * @param {() => Promise<T>} fn
	 * @param {number} [everyMs]
	 * @returns {Promise<T>}
	 */
	const during = (label, fn, everyMs = 15_000) =>
		heartbeat(everyMs, (s) => log(`  still ${label}… ${s} s`), fn);
	return { log, during, seconds };
}
