import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { addHint } from '../execution/hints';

/** What a storing node says of one of its items: which row, the task it created if it did. */
interface Reported {
	itemIndex: number;
	skipped?: boolean;
	created?: { task: { id: string } };
	json: IDataObject;
}

/**
 * Rows whose record in n8n's deduplication store was erased after it was seen to hold: a write of
 * another execution that read the record before and landed after (a database stalled longer than
 * the settle wait; the store has no lock). That execution may have sent the same row too, so the
 * row says so in its output, and n8n's log (at its default level) names each row and its task.
 */
export function flagSuspects<R extends Reported>(
	ctx: IExecuteFunctions,
	reported: R[],
	suspects: Set<number>,
): R[] {
	if (suspects.size === 0) return reported;
	const flagged = new Set(
		reported.filter((entry) => suspects.has(entry.itemIndex) && !entry.skipped),
	);
	if (flagged.size === 0) return reported;
	const rows = [...flagged].map((entry) => `item ${entry.itemIndex} (${taskOf(entry)})`).join(', ');
	const message = `${flagged.size === 1 ? 'A row' : 'Rows'} that another execution may have created too: ${rows}. Each row's record in n8n's deduplication store was erased after it was checked, by a write that had waited longer than the check (the store has no lock). Look in n8n's log for two "created … task" lines of the same row; a second task is billed too.`;
	ctx.logger.warn(`${ctx.getNode().name}: ${message}`);
	addHint(ctx, message, 'warning');
	return reported.map((entry) =>
		flagged.has(entry)
			? { ...entry, json: { ...entry.json, paidOnceWarning: warningOf(entry) } }
			: entry,
	);
}

const taskOf = ({ created }: Reported) =>
	created ? `task ${created.task.id}` : 'its task id unknown: its create got no clear answer';

const warningOf = (entry: Reported) =>
	`Another execution may have created this row too (${taskOf(entry)} is this run's): its record in n8n's deduplication store was erased after it was checked. Look in n8n's log for two "created … task" lines of item ${entry.itemIndex}.`;
