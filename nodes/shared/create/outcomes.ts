import type { IDataObject } from 'n8n-workflow';

/**
 * What became of an item that did not produce a finished task. `sent` says what the user most
 * needs to know about money: 'no' (nothing sent), 'refused' (the service clearly refused: nothing
 * created), 'unknown' (a task may exist and be billed), 'created' (the task exists).
 */
export interface ItemFailure {
	itemIndex: number;
	/** Which of its item's requests failed, when the item made several (see ReadyItem). */
	variant?: number;
	error: Error;
	sent: 'no' | 'refused' | 'unknown' | 'created';
	/** What is known of the task, e.g. its taskId and last state. */
	json?: IDataObject;
}

/** Whether re-running the node could create a task a second time. */
export function mayHaveCreated(failure: ItemFailure): boolean {
	return failure.sent === 'unknown' || failure.sent === 'created';
}
