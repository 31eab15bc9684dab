import { now } from '../emulator';
import type { CompatAsset, CompatGroup } from '../store';

export type CompatAssetStatus = 'Processing' | 'Active' | 'Failed';

export const COMPAT_REJECT_REASON =
	'Rejected by review: the asset name asked the emulator to reject it ([reject])';

/** Review state from the timestamps: a query of a Processing asset sees the latest result (spec). */
export function compatAssetStatus(asset: CompatAsset): CompatAssetStatus {
	if (now() < asset.reviewDoneAt) return 'Processing';
	return asset.rejected ? 'Failed' : 'Active';
}

/** The asset shape; `groupId` and `failReason` are extra fields the spec does not list. */
export function compatAssetView(asset: CompatAsset) {
	const status = compatAssetStatus(asset);
	return {
		id: asset.id,
		officialId: asset.officialId,
		name: asset.name,
		status,
		imageUrl: asset.url,
		groupId: asset.groupId,
		failReason: status === 'Failed' ? COMPAT_REJECT_REASON : null,
		createdAt: new Date(asset.createdAt).toISOString(),
	};
}

export function groupView(group: CompatGroup) {
	return {
		id: group.id,
		officialId: group.officialId,
		name: group.name,
		createdAt: new Date(group.createdAt).toISOString(),
	};
}
