import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import { safeFileName } from './binary';
import { readableClassOf } from './body';
import type { BodyStream } from './media-check';

/** What the node knows of a binary property before reading it: name, MIME type and size. */
export interface BinaryFileInfo {
	fileName: string;
	mimeType: string;
	bytes: number;
}

/** Reads the metadata of an item's binary property; throws the user's fix when it is missing. */
export async function binaryFileInfo(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<BinaryFileInfo> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const fallback = safeFileName(binary.fileName ?? '', propertyName);
	if (!binary.id) {
		return {
			fileName: fallback,
			mimeType: binary.mimeType,
			bytes: Buffer.byteLength(binary.data, 'base64'),
		};
	}
	const meta = await ctx.helpers.getBinaryMetadata(binary.id);
	return {
		fileName: fallback,
		mimeType: binary.mimeType ?? meta.mimeType ?? 'application/octet-stream',
		bytes: meta.fileSize,
	};
}

/** A multipart/form-data request body and the headers that describe it. */
export interface Multipart {
	body: Buffer | BodyStream;
	headers: { 'content-type': string; 'content-length': string };
}

/**
 * A multipart/form-data body made of text fields and one file from n8n binary data. With n8n's
 * filesystem or database binary mode the file is streamed from the store, never read whole into
 * memory; in n8n's in-memory mode the file is already in memory and is sent from there. The body
 * is a plain Buffer or stream with explicit Content-Type (naming the boundary) and exact
 * Content-Length headers: n8n 1.x recognises a form only as an instance of its own form-data
 * package and 2.x also by its shape, but both send a Buffer or a stream as it is, under the headers given.
 */
export async function multipartFromBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	fields: Record<string, string>,
): Promise<Multipart> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const info = await binaryFileInfo(ctx, itemIndex, propertyName);
	const boundary = `----n8n-upload-${randomBytes(12).toString('hex')}`;
	const head = Buffer.from(
		Object.entries(fields)
			.map(([name, value]) => `--${boundary}\r\n${disposition(name)}\r\n\r\n${value}\r\n`)
			.join('') +
			`--${boundary}\r\n${disposition('file', info.fileName)}\r\nContent-Type: ${info.mimeType}\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	const headers = {
		'content-type': `multipart/form-data; boundary=${boundary}`,
		'content-length': String(head.length + info.bytes + tail.length),
	};
	if (!binary.id)
		return { body: Buffer.concat([head, Buffer.from(binary.data, 'base64'), tail]), headers };
	const file = await ctx.helpers.getBinaryStream(binary.id);
	return {
		body: readableClassOf(file).from(framed(head, file, tail), { objectMode: false }),
		headers,
	};
}

async function* framed(
	head: Buffer,
	file: AsyncIterable<Buffer>,
	tail: Buffer,
): AsyncIterable<Buffer> {
	yield head;
	yield* file;
	yield tail;
}

/** A Content-Disposition line; quotes and line breaks cannot break out of the file name. */
function disposition(name: string, fileName?: string): string {
	const file = fileName === undefined ? '' : `; filename="${fileName.replace(/["\r\n\\]/g, '_')}"`;
	return `Content-Disposition: form-data; name="${name}"${file}`;
}
