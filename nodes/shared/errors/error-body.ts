/** What the service says in a failed answer, read without trusting its shape. */

export interface ErrorBody {
	message?: string;
	code?: string;
	/** The request field at fault: `path` in the Unified Generation API's bodies (Errors). */
	path?: string;
	/** The same in the upstream task format's `{error: {code, message, param}}`, as compat bodies carry it. */
	param?: string;
}

/** The request field an error names, whichever of the two names the body gives it. */
export const faultyField = (body: ErrorBody): string | undefined => body.path ?? body.param;

/** Reads `{message, code, path, param}` out of whatever the service returned, never trusting its shape. */
export function readErrorBody(body: unknown): ErrorBody {
	if (typeof body === 'string') {
		try {
			return readErrorBody(JSON.parse(body));
		} catch {
			return { message: body.slice(0, 500) };
		}
	}
	if (!body || typeof body !== 'object') return {};
	const record = body as Record<string, unknown>;
	const nested =
		record.error && typeof record.error === 'object' ? readErrorBody(record.error) : {};
	const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
	return {
		message: text(record.message) ?? nested.message ?? text(record.error),
		code: text(record.code) ?? nested.code,
		path: text(record.path) ?? nested.path,
		param: text(record.param) ?? nested.param,
	};
}

/** A proxy's HTML error page is named, not quoted: its markup helps no one. */
export const quote = (message: string) =>
	/^\s*</.test(message)
		? 'The answer was a web page, probably from a proxy or gateway in front of the service'
		: `The service said: ${message}`;

/** The service's own words about a failure, for errors that do not go through httpError. */
export function serviceSaid(rawBody: unknown): string {
	const { message } = readErrorBody(rawBody);
	return message ? quote(message) : 'The answer carried no message';
}
