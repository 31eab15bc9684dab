import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** What a storing node says when some or all of its items failed after something was sent. */
export interface StoredWords {
	/** Why a partial failure does not stop the workflow (the warning's words). */
	why: string;
	/** What to do with what exists when every item failed and the workflow stops. */
	next: string;
}

/** One failed item: its index and its error (a batch may share one error among its items). */
export interface ItemError {
	itemIndex: number;
	error: Error;
}

/** Each line of the description names at most this many items (alike failures share a line). */
const MOST_ITEMS = 20;

const descriptionOf = (error: Error): string | undefined => {
	const description = (error as { description?: unknown }).description;
	return typeof description === 'string' && description ? description : undefined;
};

function itemsLabel(indexes: number[]): string {
	const numbers = indexes.slice(0, MOST_ITEMS).map((index) => index + 1);
	if (numbers.length === 1) return `Item ${numbers[0]}`;
	const more = indexes.length - numbers.length;
	return `Items ${numbers.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** An item's failure on one line: its message (the task id is in it), then its next step. */
function lineOf(error: Error): string {
	const step = descriptionOf(error)?.replace(/\s*\n\s*/g, ' ');
	return step ? `${error.message.replace(/[.:;\s]+$/, '')}. ${step}` : error.message;
}

/**
 * One line per item (n8n shows a description's line breaks), alike failures sharing one line: a
 * thousand alike stay one line. Every distinct failure is listed, however many: a created task's
 * id is in its message, and this error may be the only place left that names it.
 */
function listed(failures: ItemError[]): string[] {
	const byLine = new Map<string, number[]>();
	for (const { itemIndex, error } of failures) {
		const line = lineOf(error);
		const indexes = byLine.get(line);
		if (indexes) indexes.push(itemIndex);
		else byLine.set(line, [itemIndex]);
	}
	return [...byLine].map(([line, indexes]) => `${itemsLabel(indexes)}: ${line}`);
}

/**
 * Every item failed and something the node sent exists or may exist: the node stops the workflow,
 * so that the execution shows an error (and n8n's error workflow runs) instead of a plain success.
 * The error names each item's failure, created ids included (they are in its message), and what to
 * do next.
 */
export function allFailedError(node: INode, failures: ItemError[], words: StoredWords): Error {
	const [first] = failures;
	if (failures.length === 1)
		return new NodeOperationError(node, first.error.message, {
			description: [descriptionOf(first.error), words.next].filter(Boolean).join('\n'),
			itemIndex: first.itemIndex,
		});
	return new NodeOperationError(node, `All ${failures.length} items failed`, {
		description: [...listed(failures), words.next].join('\n'),
	});
}
