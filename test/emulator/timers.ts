/**
 * Every timer the emulator starts goes through here: unref'd so a test process can exit, and
 * cleared all at once on close or reset so no callback fires into a stopped emulator.
 */
export class Timers {
	private readonly handles = new Set<NodeJS.Timeout>();

	private readonly aborts = new Set<AbortController>();

	after(ms: number, run: () => void): void {
		const handle = setTimeout(
			() => {
				this.handles.delete(handle);
				run();
			},
			Math.max(0, ms),
		);
		handle.unref();
		this.handles.add(handle);
	}

	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => this.after(ms, resolve));
	}

	/** An abort signal for an outgoing request (webhooks): aborted after timeoutMs or by clear(). */
	signal(timeoutMs: number): { signal: AbortSignal; done(): void } {
		const controller = new AbortController();
		this.aborts.add(controller);
		this.after(timeoutMs, () => controller.abort());
		return { signal: controller.signal, done: () => this.aborts.delete(controller) };
	}

	clear(): void {
		for (const handle of this.handles) clearTimeout(handle);
		for (const controller of this.aborts) controller.abort();
		this.handles.clear();
		this.aborts.clear();
	}
}
