import type { ValidationResult } from '../../../nodes/shared/rules/index';

/** What a route handler returns: JSON, or raw bytes (served files, the spreadsheet template). */
export interface Reply {
	status?: number;
	json?: unknown;
	bytes?: Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}

/** Thrown by handlers; the server turns it into the service's error body. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly code?: string,
		readonly path?: string,
	) {
		super(message);
	}
}

export const ok = (json: unknown, status = 200): Reply => ({ status, json });

/** Turns a failed rule into the spec's HTTP 400 `{message, code, path?}`. */
export function assertValid(result: ValidationResult, status = 400): void {
	if (!result.ok) throw new ApiError(status, result.message, result.code, result.path);
}

export const notFound = (what: string, code = 'NOT_FOUND') =>
	new ApiError(404, `${what} not found`, code);

export const forbidden = (what: string, path?: string) =>
	new ApiError(403, `Access denied: this ${what} belongs to another account`, 'FORBIDDEN', path);
