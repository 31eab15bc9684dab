import type { SkipSettings } from '../dedupe/settings';

/**
 * Why a row was not sent: the skipReason of its item. Each says what the row's task is (exists,
 * may exist, or was never created), where its id is, and how to create it again.
 */
const LOG_LINES = `n8n's log has a line for each create: "sending a create (item N, execution E, …)" as it leaves, then "created … task <id> (item N, execution E, …)" when the service answers. A "sending" line without its "created" line is a create that may exist; no "sending" line at all, a row claimed that never left (n8n's Retry of that execution sends it).`;

export const earlierRun = ({ scope }: SkipSettings) =>
	`An earlier run of this ${scope} (or one running at the same time) created a task for this key, or may have: each create is recorded just before it is sent. Not sent again. This node remembers that the row was sent, not its task id: find it in that execution's output, or in n8n's log. ${LOG_LINES} To create it again, change the item, or run once with Forget Earlier Runs.`;

export const sameAsEarlierItem = (first: number) =>
	`Same key as item ${first} of this run, which is sent once for both: not sent twice.`;

export const retriedSent = (retried: string) =>
	`n8n is retrying execution ${retried}, and that execution (or another Retry of it) sent this item's create, or may have: each create is recorded just before it is sent. Not sent again, so it cannot be paid twice. ${LOG_LINES} To create it again, run the workflow instead of retrying it.`;

export const RETRY_OF_UNKNOWN = `n8n is retrying an execution, and this n8n (1.x) does not tell a node which one, so every item that any run of this node sent is skipped: this one was sent (or may have been) by an earlier run. ${LOG_LINES} To create it again, run the workflow instead of retrying it (n8n 2.x retries exactly the items its execution never sent).`;

export const EARLIER_TRY = `An earlier try of this node in this execution (Retry On Fail) sent this item's create, or may have: not sent again. ${LOG_LINES}`;
