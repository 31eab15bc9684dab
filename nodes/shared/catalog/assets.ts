/** Media assets of the unified service (POST /assets/upload, GET /assets/status, GET /assets/list). */
import { MB } from './units';

export type AssetType = 'IMAGE' | 'VIDEO' | 'AUDIO';

interface AssetTypeSpec {
	/** Lower-case format names ('png', 'mp4', ...); 'jpg' and 'jpeg' both name JPEG. */
	formats: readonly string[];
	maxBytes: number;
}

export const ASSETS = {
	types: {
		IMAGE: {
			formats: ['jpeg', 'jpg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'heic'],
			maxBytes: 30 * MB,
		},
		VIDEO: { formats: ['mp4', 'mov'], maxBytes: 50 * MB },
		AUDIO: { formats: ['wav', 'mp3'], maxBytes: 15 * MB },
	} as Readonly<Record<AssetType, AssetTypeSpec>>,
	/** Cap of any file, whatever its type. */
	maxBytes: 50 * MB,
	nameMaxLength: 64,
	list: { minLimit: 1, maxLimit: 50, defaultLimit: 20 },
	statuses: ['PROCESSING', 'ACTIVE', 'FAILED'] as const,
	/** Values of the list `status` filter. */
	listStatusFilters: ['NONE', 'PROCESSING', 'ACTIVE', 'FAILED'] as const,
} as const;
