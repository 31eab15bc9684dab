import type { IncomingMessage } from 'node:http';
import { ApiError } from './reply';
import { parseMultipart } from './multipart';
import type { Multipart } from './multipart';

/** Above the spec's 50 MB upload cap, so the cap itself is checked (and named) by the rules. */
export const MAX_BODY_BYTES = 60 * 1024 * 1024;

/** Reads the whole body; past the limit the rest is drained and `tooLarge` reported. */
export async function readBody(
	req: IncomingMessage,
): Promise<{ bytes: Buffer; tooLarge: boolean }> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
	}
	return { bytes: Buffer.concat(chunks), tooLarge: size > MAX_BODY_BYTES };
}

const contentTypeOf = (type: string | undefined) => (type ?? '').split(';')[0].trim().toLowerCase();

export function isMultipart(type: string | undefined): boolean {
	return contentTypeOf(type) === 'multipart/form-data';
}

/** The JSON body as an object; anything else is the caller's mistake (400). */
export function parseJsonObject(bytes: Buffer): Record<string, unknown> {
	const value = parseJson(bytes);
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new ApiError(400, 'The request body must be a JSON object', 'INVALID_BODY');
	}
	return value as Record<string, unknown>;
}

export function parseJson(bytes: Buffer): unknown {
	try {
		return JSON.parse(bytes.toString('utf8'));
	} catch {
		throw new ApiError(400, 'The request body is not valid JSON', 'INVALID_JSON');
	}
}

export function multipartOf(type: string | undefined, bytes: Buffer): Multipart {
	const parsed = parseMultipart(type ?? '', bytes);
	if (!parsed)
		throw new ApiError(400, 'The multipart body could not be parsed', 'INVALID_MULTIPART');
	return parsed;
}

/** A loggable view of a body: parsed JSON, or a summary of multipart parts and raw bytes. */
export function describeBody(type: string | undefined, bytes: Buffer): unknown {
	if (bytes.length === 0) return undefined;
	if (isMultipart(type)) {
		const parts = parseMultipart(type ?? '', bytes);
		if (!parts) return { contentType: contentTypeOf(type), bytes: bytes.length };
		const files = parts.files.map((f) => ({
			field: f.field,
			filename: f.filename,
			bytes: f.data.length,
		}));
		return { fields: parts.fields, files };
	}
	try {
		return JSON.parse(bytes.toString('utf8'));
	} catch {
		return { contentType: contentTypeOf(type), bytes: bytes.length };
	}
}
