import type { IDataObject } from 'n8n-workflow';

/**
 * Checks on what a service answered: an answer is trusted only as far as it has the shape the
 * service's API documentation shows (§ Resources and their fields), so a broken answer becomes an
 * error of its own item, never a success without an id.
 */

export class UnreadableAnswerError extends Error {}

function describe(value: unknown): string {
	if (value === null || value === undefined) return String(value);
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return text.length > 120 ? `${text.slice(0, 120)}...` : text;
}

export function asRecord(value: unknown, what: string): IDataObject {
	if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
	throw new UnreadableAnswerError(
		`The service answered ${what} with something that is not an object: ${describe(value)}`,
	);
}

/** The id field of an answer, which must be a non-empty string or number. */
export function requireId(answer: IDataObject, field: string, what: string): string {
	const id = answer[field];
	if ((typeof id === 'string' && id.trim()) || typeof id === 'number') return String(id);
	throw new UnreadableAnswerError(
		`The service answered ${what} without a ${field}: ${describe(answer)}`,
	);
}

/** A task answer must carry a status the kind knows how to read. */
export function requireStatus(answer: IDataObject, what: string): IDataObject {
	if (typeof answer.status === 'string' && answer.status) return answer;
	throw new UnreadableAnswerError(
		`The service answered ${what} without a status: ${describe(answer)}`,
	);
}
