import { ALT_ASSET_HOST, ASSET_HOST, fileIdOfPath } from './files';
import type { Ctx } from './http/router';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The id of a file this emulator serves, when `url` points at it: its own origin (any loopback name
 * on its port) or one of its virtual asset hosts. The emulator cannot fetch the internet, so
 * these are the only urls whose bytes it can read.
 */
export function ownFileId(ctx: Ctx, url: string): string | undefined {
	const parsed = ownUrl(ctx, url);
	const id = parsed ? fileIdOfPath(parsed.pathname) : undefined;
	return id && ctx.emu.files.has(id) ? id : undefined;
}

/** The parsed url when it points at this emulator (whether or not the file exists). */
export function ownUrl(ctx: Ctx, url: string): URL | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return undefined;
	}
	const self = new URL(ctx.origin);
	const isSelf =
		parsed.hostname === ALT_ASSET_HOST ||
		parsed.hostname === ASSET_HOST ||
		parsed.host === self.host ||
		(LOOPBACK.has(parsed.hostname) && LOOPBACK.has(self.hostname) && parsed.port === self.port);
	return isSelf ? parsed : undefined;
}

export function isAltAssetUrl(url: string): boolean {
	try {
		return new URL(url).hostname === ALT_ASSET_HOST;
	} catch {
		return false;
	}
}
