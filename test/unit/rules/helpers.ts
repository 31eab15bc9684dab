/** Small builders and one assertion shared by the rules tests. */
import { validateRequest, type ValidationResult } from '../../../nodes/shared/rules';

/** The spec's "MB", read as 1024 x 1024 bytes (see catalog/units.ts). */
export const MB = 1024 * 1024;

export function check(model: string, inputs: Record<string, unknown>): ValidationResult {
	return validateRequest({ model, inputs });
}

/** null: the result must be ok; otherwise the code (and the path when given), with a message. */
export function expectOutcome(result: ValidationResult, code: string | null, path?: string): void {
	if (code === null) {
		expect(result).toEqual({ ok: true });
		return;
	}
	expect(result).toMatchObject({ ok: false, code, ...(path ? { path } : {}) });
	if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
}

/**
 * Wraps a test.each callback whose last columns are optional: jest passes `done` to a callback that
 * declares more parameters than a row has, and then waits for it.
 */
export function row<T extends unknown[]>(fn: (...args: T) => void): (...args: T) => void {
	return (...args: T) => fn(...args);
}

export const assets = (n: number): string[] =>
	Array.from({ length: n }, (_, i) => `asset://ref${i}`);
export const links = (n: number, ext = 'png'): string[] =>
	Array.from({ length: n }, (_, i) => `https://cdn.example.com/file${i}.${ext}`);

export const PROMPT = 'a red fox runs through snow';
