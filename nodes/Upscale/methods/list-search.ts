import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listAssets } from '../../shared/transport/unified-asset-api';
import { ASSETS } from '../../shared/catalog';

/**
 * The ACTIVE video assets of the account, newest first, a page at a time (the service's nextCursor
 * is the pagination token). The list endpoint has no name filter, so a search filters each page.
 */
export async function searchVideoAssets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await listAssets(this, {
		type: 'VIDEO',
		status: 'ACTIVE',
		limit: ASSETS.list.maxLimit,
		cursor: paginationToken || undefined,
	});
	const wanted = (filter ?? '').toLowerCase();
	const results = page.items
		.map((asset) => ({
			name: `${String(asset.name || asset.providerAssetId)} (${String(asset.assetId)})`,
			value: String(asset.assetId),
			url: asset.url as string | undefined,
		}))
		.filter((entry) => !wanted || entry.name.toLowerCase().includes(wanted));
	const next = page.nextCursor;
	return {
		results,
		paginationToken: next === null || next === undefined ? undefined : String(next),
	};
}
