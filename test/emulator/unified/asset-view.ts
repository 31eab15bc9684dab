import type { Emulator } from '../emulator';
import { now } from '../emulator';
import { forbidden, notFound } from '../http/reply';
import type { Account, Asset } from '../store';

export type AssetStatus = 'PROCESSING' | 'ACTIVE' | 'FAILED';

export const REJECT_REASON =
	'Rejected by review: the asset name asked the emulator to reject it ([reject])';

/** Review state from the timestamps: every read sees the latest review result (spec). */
export function assetStatus(asset: Asset): AssetStatus {
	if (asset.providerAssetId === null) return 'ACTIVE';
	if (now() < asset.reviewDoneAt) return 'PROCESSING';
	return asset.rejected ? 'FAILED' : 'ACTIVE';
}

/** The standard asset shape of upload and status. */
export function assetView(asset: Asset) {
	const status = assetStatus(asset);
	return {
		assetId: asset.assetId,
		providerAssetId: asset.providerAssetId,
		type: asset.type,
		status,
		failReason: status === 'FAILED' ? REJECT_REASON : null,
		url: asset.url,
		name: asset.name,
		createdAt: asset.createdAt,
	};
}

/** List items add the media facts; duration is null for images. */
export function assetListItem(asset: Asset) {
	const { info } = asset;
	return {
		...assetView(asset),
		width: info.width ?? null,
		height: info.height ?? null,
		size: info.bytes ?? null,
		duration: asset.type === 'IMAGE' ? null : (info.seconds ?? null),
	};
}

/** By numeric assetId or by providerAssetId; 404 unknown, 403 another account's. */
export function findAsset(emu: Emulator, account: Account, id: string): Asset {
	const asset = /^\d+$/.test(id)
		? emu.store.assets.get(Number(id))
		: [...emu.store.assets.values()].find((a) => a.providerAssetId === id);
	if (!asset) throw notFound(`Asset ${id}`);
	if (asset.owner !== account.apiKey) throw forbidden('asset');
	return asset;
}
