import type { SkipSettings } from '../dedupe/settings';

/**
 * Why a row was not sent: the skipReason of its item, one short sentence (every skipped item
 * carries it). Where its task id is, which log lines tell a create that may exist from one never
 * sent, and how to create it again: docs/production.md, "Skipped rows".
 */
const WHERE = '(docs/production.md, "Skipped rows")';

export const earlierRun = ({ scope }: SkipSettings) =>
	`An earlier run of this ${scope} (or one running at the same time) sent this key's create, or may have: not sent again; its task id is in that run's output and n8n's log ${WHERE}.`;

export const sameAsEarlierItem = (first: number) =>
	`Same key as item ${first} of this run, which is sent once for both: not sent twice.`;

export const retriedSent = (retried: string) =>
	`n8n is retrying execution ${retried}, which sent this item's create, or may have: not sent again; its task id is in that execution's output and n8n's log ${WHERE}.`;

export const RETRY_OF_UNKNOWN = `n8n is retrying an execution, and this n8n (1.x) does not tell a node which one: every item any run of this node sent is skipped, this one too ${WHERE}.`;

export const EARLIER_TRY = `An earlier try of this node in this execution (Retry On Fail) sent this item's create, or may have: not sent again ${WHERE}.`;
