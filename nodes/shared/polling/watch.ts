/** What the poller knows of one task. Times are epoch milliseconds. */
export interface Watch {
	/** Tasks of one group are expected to take equally long (same model, mode, duration, resolution). */
	group: string;
	/** The service's creation time, from the task's first answer. */
	createdAt?: number;
	/** When the last check of this task started. */
	lastCheck?: number;
	/** True once the task needs no further check (terminal, or a permanent error). */
	settled: boolean;
}
