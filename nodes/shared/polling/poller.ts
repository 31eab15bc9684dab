/** What a wait polls (the caller's reader of one kind of id) and what it gives back per id. */

/** The three phases that matter to a waiter; each kind maps its own statuses onto them. */
export type Phase = 'running' | 'succeeded' | 'failed';

export type PollOutcome = 'succeeded' | 'failed' | 'timedOut' | 'error' | 'cancelled';

export interface PollResult<S> {
	outcome: PollOutcome;
	/** The last answer the service gave for this task (undefined if it never answered). */
	last?: S;
	/** The last failed check: why polling stopped (outcome error) or why a timeout saw no status. */
	error?: Error;
	/** Set when the wait ended because no check got an answer for this many ms. */
	unreachableMs?: number;
}

/** What the wait knows of one task from its checks so far. */
export interface Seen<S> {
	state?: S;
	error?: Error;
}

/** The service's own timestamps of a task (epoch ms), where its answers carry them. */
export interface TaskTimes {
	createdAt?: number;
	completedAt?: number;
}

export interface Poller<S> {
	query: (id: string, index: number, deadline: number) => Promise<S>;
	/** Maps an answer to the three phases that matter: the terminal states are a fixed set. */
	phase: (state: S) => Phase;
	/** True when an error means asking again cannot help (a 4xx, an answer that is not a task). */
	isPermanent: (error: Error) => boolean;
	/** The task's timestamps; without them its creation is taken as the wait's start and its end as when it was seen. */
	times?: (state: S) => TaskTimes;
	/** Tasks of one group take about equally long; by default the whole batch is one group. */
	group?: (index: number) => string;
	/** Told after every check what the wait now knows of the task (progress for the user). */
	observe?: (index: number, seen: Seen<S>) => void;
}
