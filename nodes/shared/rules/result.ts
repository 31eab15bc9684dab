/** Building results: checks return a Failure or undefined, so they chain with `??`. */
import type { ValidationResult } from './types';

export type Failure = Extract<ValidationResult, { ok: false }>;

export const OK: ValidationResult = { ok: true };

export function fail(code: string, message: string, path?: string): Failure {
	return path === undefined ? { ok: false, code, message } : { ok: false, code, message, path };
}

export function toResult(failure: Failure | undefined): ValidationResult {
	return failure ?? OK;
}

/** 'inputs.' + ['videoUrls', 1] -> 'inputs.videoUrls[1]'. */
export function joinPath(at: string, segments: readonly (string | number)[]): string {
	return segments.reduce<string>((path, s) => {
		if (typeof s === 'number') return `${path}[${s}]`;
		return path === '' || path.endsWith('.') ? path + s : `${path}.${s}`;
	}, at);
}

/** ['a', 'b', 'c'] -> 'a, b or c' (for "choose one of" messages). */
export function oneOf(values: readonly (string | number)[]): string {
	const all = values.map(String);
	return all.length < 2 ? all.join('') : `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}`;
}

/** A value as the user wrote it, short enough for a message. */
export function shown(value: unknown): string {
	const text = typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
