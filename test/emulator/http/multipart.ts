/** A small multipart/form-data parser: enough for uploads from n8n, curl, fetch and FormData. */

export interface FilePart {
	field: string;
	filename: string;
	contentType?: string;
	data: Buffer;
}

export interface Multipart {
	fields: Record<string, string>;
	files: FilePart[];
}

function boundaryOf(contentType: string): string | undefined {
	const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
	return match ? (match[1] ?? match[2]).trim() : undefined;
}

function headerParam(header: string, name: string): string | undefined {
	const match =
		new RegExp(`${name}="([^"]*)"`, 'i').exec(header) ??
		new RegExp(`${name}=([^;]+)`, 'i').exec(header);
	return match?.[1];
}

function parsePart(part: Buffer, into: Multipart): void {
	const split = part.indexOf('\r\n\r\n');
	if (split < 0) return;
	const headers = part.subarray(0, split).toString('utf8').split('\r\n');
	const data = part.subarray(split + 4);
	const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
	const type = headers.find((h) => /^content-type:/i.test(h));
	const field = headerParam(disposition, 'name');
	if (field === undefined) return;
	const filename = headerParam(disposition, 'filename');
	if (filename === undefined) into.fields[field] = data.toString('utf8');
	else into.files.push({ field, filename, contentType: type?.split(':')[1]?.trim(), data });
}

/** Returns undefined when the body is not multipart with a boundary that occurs in it. */
export function parseMultipart(contentType: string, body: Buffer): Multipart | undefined {
	const boundary = boundaryOf(contentType);
	if (!boundary) return undefined;
	const delimiter = Buffer.from(`--${boundary}`);
	let start = body.indexOf(delimiter);
	if (start < 0) return undefined;
	const result: Multipart = { fields: {}, files: [] };
	while (start >= 0) {
		const from = start + delimiter.length;
		if (body.subarray(from, from + 2).toString() === '--') break;
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), from);
		if (next < 0) break;
		// Skip the CRLF after the delimiter; the part ends before the CRLF that precedes the next one.
		parsePart(body.subarray(from + 2, next), result);
		start = next + 2;
	}
	return result;
}
