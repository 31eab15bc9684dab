import type { IExecuteFunctions } from 'n8n-workflow';

import type { DailyCap } from '../shared/create/daily-cap';
import { tokensWithin } from '../shared/spend/tiers';

/**
 * Batch Options → Daily Credit Cap, or a Compat Task create's Daily Task Cap (fields in
 * ../shared/fields/generation-options.ts); undefined when 0 or absent (off).
 */
export function readDailyCap(ctx: IExecuteFunctions): DailyCap | undefined {
	for (const [name, unit] of [
		['dailyCreditCap', 'credits'],
		['dailyTaskCap', 'tasks'],
	] as const) {
		const limit = Number(ctx.getNodeParameter(`batchOptions.${name}`, 0, 0));
		if (Number.isFinite(limit) && limit >= 1) return { limit: Math.floor(limit), unit };
	}
	return undefined;
}

/** The store entries a cap keeps in the node's record: today's tokens, the day before's until taken out, round entries. */
export const capRoomOf = (cap: DailyCap | undefined): number =>
	cap ? 2 * tokensWithin(cap.limit) + 1000 : 0;
