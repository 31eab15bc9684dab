import type { IDataObject } from 'n8n-workflow';

import { UNIFIED_PATHS } from './api/unified';
import { apiRequest } from './index';
import type { ApiContext } from './index';

/** The Unified Generation API's endpoints that are not tasks (tasks live in tasks/, assets in unified-asset-api.ts). */

interface CreditsResponse {
	credits: number;
	availableCredits: number;
}

export function getCredits(ctx: ApiContext, itemIndex?: number) {
	return apiRequest<CreditsResponse>(ctx, 'unified', {
		method: 'GET',
		path: UNIFIED_PATHS.credits,
		itemIndex,
	});
}

export function getRelations(
	ctx: ApiContext,
	qs: { orderId: string; limit?: number; cursor?: string },
	itemIndex?: number,
) {
	return apiRequest<IDataObject>(ctx, 'unified', {
		method: 'GET',
		path: UNIFIED_PATHS.relations,
		qs,
		itemIndex,
		subject: { kind: 'order', id: qs.orderId },
	});
}
