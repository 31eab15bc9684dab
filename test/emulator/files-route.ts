import { fileIdOfPath } from './files';
import { notFound } from './http/reply';
import type { Reply } from './http/reply';
import type { Ctx, Route } from './http/router';

/**
 * GET /files/<id>.<ext>: outputs and uploads, without authentication (like a signed CDN link). Like
 * any file host it answers a single byte range (`Range: bytes=a-b`, `a-`, `-n`) with 206 and its
 * Content-Range, so a client can read a file's header without the whole file (the spec does not show
 * the file host's behaviour: we serve what ordinary CDNs do). Several ranges are answered whole (200).
 */
function serveFile(ctx: Ctx): Reply {
	const id = fileIdOfPath(ctx.path);
	const bytes = id ? ctx.emu.files.bytes(id) : undefined;
	if (!id || !bytes) throw notFound(`File ${ctx.params.name}`);
	const contentType = ctx.emu.files.mimeType(id);
	const headers = { 'cache-control': 'no-store', 'accept-ranges': 'bytes' };
	const range = byteRange(ctx.headers.range, bytes.length);
	if (range === 'unsatisfiable')
		return {
			status: 416,
			bytes: Buffer.alloc(0),
			contentType,
			headers: { ...headers, 'content-range': `bytes */${bytes.length}` },
		};
	if (!range) return { bytes, contentType, headers };
	const [start, end] = range;
	return {
		status: 206,
		bytes: bytes.subarray(start, end + 1),
		contentType,
		headers: { ...headers, 'content-range': `bytes ${start}-${end}/${bytes.length}` },
	};
}

/** The inclusive range one `bytes=` spec asks for; undefined for none or several (served whole). */
function byteRange(
	header: string | string[] | undefined,
	size: number,
): [number, number] | 'unsatisfiable' | undefined {
	const match = typeof header === 'string' ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
	if (!match || (match[1] === '' && match[2] === '')) return undefined;
	if (match[1] === '') {
		const suffix = Number(match[2]);
		return suffix === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
	}
	const start = Number(match[1]);
	if (start >= size) return 'unsatisfiable';
	return [start, match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
}

export const fileRoutes: Route[] = [
	{ method: 'GET', path: '/files/:name', public: true, handler: serveFile },
];
