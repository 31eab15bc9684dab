/**
 * Settles with `work`, or rejects as soon as `signal` fires: the bound holds even where a request
 * helper does not pass the signal on to the socket, or a check does not end at its limit.
 */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
	return await new Promise<T>((resolve, reject) => {
		const stop = () => reject(signal.reason);
		if (signal.aborted) stop();
		signal.addEventListener('abort', stop, { once: true });
		work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
	});
}
