/**
 * Creates are cleared for sending a window at a time (their pending marks taken back in one call
 * to n8n's store, which rewrites its whole list each time: one call per create made 100 creates
 * four times slower). The window is the batch's Parallel Submissions, so a crash leaves at most
 * that many more items counted as sent than were in flight (skipped by a Retry, never paid twice).
 *
 * The gate takes the items in send order: the first item of each window to be sent waits for one
 * `clear` call covering its window (after the window before it), the others of the window for
 * the same call. A `clear` that fails fails every item of its window.
 */
export function sendWindows(
	itemIndexes: number[],
	size: number,
	clear: (itemIndexes: number[]) => Promise<void>,
): (position: number) => Promise<void> {
	const windows: Array<Promise<void>> = [];
	return async (position) => {
		const at = Math.floor(position / size);
		for (let index = windows.length; index <= at; index++) {
			const previous = windows[index - 1] ?? Promise.resolve();
			const items = itemIndexes.slice(index * size, (index + 1) * size);
			windows.push(previous.catch(() => undefined).then(async () => await clear(items)));
		}
		await windows[at];
	};
}
