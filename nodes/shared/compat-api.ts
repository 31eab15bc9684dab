import { apiRequest } from './transport';
import type { ApiContext } from './transport';

/** The Task-Compatible Video API's endpoints, one function each (compat spec: Endpoints). */

export interface BalanceResponse {
	/** Decimal with four fractional digits, as the service sends it. */
	balance: string;
	markupRate: number;
}

export function getBalance(ctx: ApiContext, itemIndex?: number) {
	return apiRequest<BalanceResponse>(ctx, 'compat', {
		method: 'GET',
		path: '/v1/me/balance',
		itemIndex,
	});
}
