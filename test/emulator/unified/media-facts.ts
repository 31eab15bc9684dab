import { getVideoModel, videoFamilyOf } from '../../../nodes/shared/catalog/index';
import type { Emulator } from '../emulator';
import { ApiError, forbidden } from '../http/reply';
import type { Ctx } from '../http/router';
import { probeMedia } from '../media/index';
import { isAltAssetUrl, ownFileId } from '../own-files';
import type { MediaFact, MediaFacts } from '../rules/index';
import type { Account, Asset } from '../store';
import { assetStatus } from './asset-view';

const KIND = { IMAGE: 'image', VIDEO: 'video', AUDIO: 'audio' } as const;

function assetFact(asset: Asset, account: Account): MediaFact {
	const { info } = asset;
	return {
		found: true,
		owned: asset.owner === account.apiKey,
		kind: KIND[asset.type],
		format: info.format,
		seconds: info.seconds,
		width: info.width,
		height: info.height,
		bytes: info.bytes,
		hasAlpha: info.hasAlpha,
		readable: info.readable,
	};
}

/** `asset://<providerAssetId>`: usable only once ACTIVE and only by its owner. */
function referencedAsset(
	emu: Emulator,
	account: Account,
	id: string,
	alt: boolean,
	path: string,
): MediaFact {
	const asset = [...emu.store.assets.values()].find((a) => a.providerAssetId === id);
	if (!asset) return { found: false };
	// The alt family refuses asset:// itself (the rules say so); the sd family hides others' assets.
	if (alt) return assetFact(asset, account);
	if (asset.owner !== account.apiKey) throw forbidden('asset');
	const status = assetStatus(asset);
	if (status !== 'ACTIVE') {
		throw new ApiError(
			400,
			`asset://${id} is ${status}: only ACTIVE (reviewed) assets can be used`,
			'ASSET_NOT_FOUND',
			path,
		);
	}
	return assetFact(asset, account);
}

/** A url the emulator serves: an uploaded asset's file (owner known) or a generated output. */
function servedFile(ctx: Ctx, account: Account, fileId: string): MediaFact {
	const asset = [...ctx.emu.store.assets.values()].find((a) => a.fileId === fileId);
	if (asset) return assetFact(asset, account);
	const media = probeMedia(ctx.emu.files.bytes(fileId) as Buffer);
	if (!media) return { found: true, readable: false };
	const { kind, format, seconds, width, height, bytes, hasAlpha } = media;
	return {
		found: true,
		owned: true,
		readable: true,
		kind,
		format,
		seconds,
		width,
		height,
		bytes,
		hasAlpha,
	};
}

/**
 * Facts of one media url. Urls the emulator cannot read (the internet): the alt family accepts
 * only its own uploads, so they are not found; for the sd family they are unknown (rules skip).
 */
function factOf(
	ctx: Ctx,
	account: Account,
	url: unknown,
	alt: boolean,
	path: string,
): MediaFact | undefined {
	if (typeof url !== 'string') return undefined;
	if (url.startsWith('asset://'))
		return referencedAsset(ctx.emu, account, url.slice('asset://'.length), alt, path);
	const fileId = ownFileId(ctx, url);
	if (fileId) return servedFile(ctx, account, fileId);
	return alt || isAltAssetUrl(url) ? { found: false } : undefined;
}

const ARRAYS = ['urls', 'videoUrls', 'audioUrls'] as const;

/** MediaFacts of a createTask body, for validateCreateTask and estimateCredits. */
export function mediaFactsOf(
	ctx: Ctx,
	account: Account,
	body: Record<string, unknown>,
): MediaFacts {
	const inputs = (body.inputs ?? {}) as Record<string, unknown>;
	const model = getVideoModel(body.model);
	const alt = model !== undefined && videoFamilyOf(model).uploads === 'modelUpload';
	const facts: MediaFacts = {};
	for (const name of ARRAYS) {
		const list = inputs[name];
		if (Array.isArray(list))
			facts[name] = list.map((url, i) => factOf(ctx, account, url, alt, `inputs.${name}[${i}]`));
	}
	return facts;
}
