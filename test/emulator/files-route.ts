import { fileIdOfPath } from './files';
import { notFound } from './http/reply';
import type { Ctx, Route } from './http/router';

/** GET /files/<id>.<ext>: outputs and uploads, without authentication (like a signed CDN link). */
function serveFile(ctx: Ctx) {
	const id = fileIdOfPath(ctx.path);
	const bytes = id ? ctx.emu.files.bytes(id) : undefined;
	if (!id || !bytes) throw notFound(`File ${ctx.params.name}`);
	return { bytes, contentType: ctx.emu.files.mimeType(id), headers: { 'cache-control': 'no-store' } };
}

export const fileRoutes: Route[] = [{ method: 'GET', path: '/files/:name', public: true, handler: serveFile }];
