import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { getAsset } from '../../../shared/transport/compat-api';
import { routeWaits } from '../../../shared/execution/wait-routing';
import { pollAll } from '../../../shared/polling';
import type { Phase, PollResult } from '../../../shared/polling';
import { progressReporter } from '../../../shared/polling/progress';
import { isPermanentError } from '../../../shared/transport/permanent';
import { idFieldValue } from '../../../settings/ids';
import { readWaitSettings } from '../../../settings/wait';
import { readLocator } from '../../helpers/locators';

/**
 * Processing → Active (approved) or Failed (rejected) (Task-Compatible Video Generation API,
 * § States and transitions > Asset).
 */
const [, active, failed] = COMPAT.assetStatuses;
const reviewPhase = (asset: IDataObject): Phase =>
	asset.status === active ? 'succeeded' : asset.status === failed ? 'failed' : 'running';

/**
 * Waits on the review of every item's asset together. Output 1: Active assets. Output 2: Failed
 * ones, and those still Processing at the timeout or unreadable, with an `error` saying why.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const { poll } = readWaitSettings(ctx);
	return await routeWaits(ctx, {
		idValue: idFieldValue(ctx, 'assetId'),
		readId: (itemIndex) => readLocator(ctx, 'assetId', itemIndex),
		waitAll: async (entries) => {
			const poller = {
				query: async (id: string, index: number, deadline: number) =>
					await getAsset(ctx, id, entries[index].itemIndex, deadline),
				phase: reviewPhase,
				isPermanent: isPermanentError,
				observe: progressReporter(ctx, entries, 'asset'),
			};
			const ids = entries.map((entry) => entry.id);
			const results = await pollAll(ctx, ids, poller, poll);
			return results.map((result, index) => ({
				json: {
					officialId: ids[index],
					...result.last,
					outcome: result.outcome,
					...whyNot(result, poll.timeoutMs),
				},
				succeeded: result.outcome === 'succeeded',
			}));
		},
	});
}

function whyNot(result: PollResult<IDataObject>, timeoutMs: number): IDataObject {
	switch (result.outcome) {
		case 'succeeded':
			return {};
		case 'failed':
			return {
				error: `The asset was rejected by review${result.last?.failReason ? `: ${String(result.last.failReason)}` : ''}`,
			};
		case 'error':
			return { error: result.error?.message ?? 'The asset could not be read' };
		case 'cancelled':
			return {
				error:
					'Not finished: the execution was stopped while waiting; the review goes on at the service',
			};
		default:
			return {
				error: `Still ${String(result.last?.status ?? 'unread')} after ${Math.round(timeoutMs / 1000)} s: wait again later, or raise the timeout`,
			};
	}
}
