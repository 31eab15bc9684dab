/**
 * Runs `worker` over `inputs` with at most `limit` calls in flight, keeping results in input order.
 * `shouldStop` is checked before each start: a batch can stop submitting (e.g. after a 402) while
 * the calls already in flight finish; inputs never started are reported as `undefined`.
 */
export async function mapWithLimit<I, O>(
	inputs: readonly I[],
	limit: number,
	worker: (input: I, index: number) => Promise<O>,
	shouldStop: () => boolean = () => false,
): Promise<Array<O | undefined>> {
	const results: Array<O | undefined> = new Array(inputs.length).fill(undefined);
	let next = 0;
	const lane = async () => {
		while (next < inputs.length && !shouldStop()) {
			const index = next++;
			results[index] = await worker(inputs[index], index);
		}
	};
	const lanes = Math.max(1, Math.min(limit, inputs.length));
	await Promise.all(Array.from({ length: lanes }, lane));
	return results;
}
