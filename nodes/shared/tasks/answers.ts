import type { IDataObject } from 'n8n-workflow';

import type { Phase } from '../polling';

/** What a task's answer says, once its shape is checked (transport/answers.ts): its phase, error, times and files. */

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
