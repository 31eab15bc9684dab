import { COMPAT } from '../../../nodes/shared/catalog/index';
import { ApiError, forbidden } from '../http/reply';
import type { Ctx } from '../http/router';
import { probeMedia } from '../media/index';
import { aspectOf, nearestRatio } from '../output-size';
import { ownFileId } from '../own-files';
import type { Account } from '../store';
import { compatAssetStatus } from './asset-view';

/** Reads what the emulator needs out of validated content items: prompt, media urls, asset refs. */

type Item = Record<string, unknown>;

const MEDIA_TYPES = ['image_url', 'video_url', 'audio_url'];

export function promptOf(content: Item[]): string {
	return content.map((item) => (item.type === 'text' ? String(item.text ?? '') : '')).join('\n');
}

export function mediaUrls(content: Item[]): string[] {
	return content
		.filter((item) => MEDIA_TYPES.includes(String(item.type)))
		.map((item) => String(((item[String(item.type)] ?? {}) as Item).url ?? ''));
}

/** `asset://<officialId>` must name an Active, not deleted asset of the caller. */
export function checkAssetRefs(ctx: Ctx, account: Account, content: Item[]): void {
	content.forEach((item, index) => {
		if (!MEDIA_TYPES.includes(String(item.type))) return;
		const url = mediaUrls([item])[0];
		if (!url.startsWith('asset://')) return;
		const id = url.slice('asset://'.length);
		const asset = ctx.emu.store.compatAssets.get(id);
		// The field the SDK's `param` names: the url inside the item, at its index in content.
		const path = `content[${index}].${String(item.type)}.url`;
		if (!asset) throw new ApiError(400, `Asset ${id} does not exist`, 'ASSET_NOT_FOUND', path);
		if (asset.owner !== account.apiKey) throw forbidden('asset', path);
		if (asset.deleted)
			throw new ApiError(
				400,
				`Asset ${id} was deleted and cannot be used in new tasks`,
				'ASSET_DELETED',
				path,
			);
		const status = compatAssetStatus(asset);
		if (status !== 'Active')
			throw new ApiError(
				400,
				`Asset ${id} is ${status}; only Active assets can be used`,
				'ASSET_NOT_ACTIVE',
				path,
			);
	});
}

/** Width / height of a media url the emulator can read (its own files, assets pointing at them). */
function aspectOfUrl(ctx: Ctx, url: string): number | undefined {
	const target = url.startsWith('asset://')
		? ctx.emu.store.compatAssets.get(url.slice('asset://'.length))?.url
		: url;
	const fileId = target ? ownFileId(ctx, target) : undefined;
	const media = fileId ? probeMedia(ctx.emu.files.bytes(fileId) as Buffer) : undefined;
	return media?.width && media.height ? media.width / media.height : undefined;
}

/** `adaptive` follows the first image or video the emulator can read, else 16:9 (the spec does not say). */
export function resolveRatio(ctx: Ctx, requested: string, urls: string[]): string {
	if (aspectOf(requested) !== undefined) return requested;
	const choices = COMPAT.ratio.options.map((o) => o.value);
	for (const url of urls) {
		const aspect = aspectOfUrl(ctx, url);
		if (aspect) return nearestRatio(aspect, choices) ?? '16:9';
	}
	return '16:9';
}
