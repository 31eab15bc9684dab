import type { IDataObject } from 'n8n-workflow';

import type { Phase } from './types';

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

/** Maps statuses onto phases from a kind's terminal statuses (read from the catalog). */
export function phaseFrom(terminal: { succeeded: string; failed: string }) {
	return (state: IDataObject): Phase => {
		if (state.status === terminal.succeeded) return 'succeeded';
		return state.status === terminal.failed ? 'failed' : 'running';
	};
}

/** `error` as the services send it: a message string, or `{code, message}`. */
export function errorText(error: unknown): string | undefined {
	if (typeof error === 'string') return error || undefined;
	if (!error || typeof error !== 'object') return undefined;
	const { code, message } = error as { code?: unknown; message?: unknown };
	const text = [code, message].filter((part) => typeof part === 'string' && part).join(': ');
	return text || undefined;
}

/** A timestamp as epoch ms: a positive number in `unitMs` units or an ISO 8601 string; else undefined. */
export function epochMs(value: unknown, unitMs = 1): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * unitMs;
	const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
	return Number.isNaN(parsed) ? undefined : parsed;
}

export function urlsOf(entries: unknown, read: (entry: IDataObject) => unknown): string[] {
	if (!Array.isArray(entries)) return [];
	return entries
		.map((entry) => (entry && typeof entry === 'object' ? read(entry as IDataObject) : undefined))
		.filter((url): url is string => typeof url === 'string' && url !== '');
}
