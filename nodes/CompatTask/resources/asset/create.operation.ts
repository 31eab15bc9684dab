import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isCancelled } from '../../../shared/execution/abort';
import { createAsset } from '../../../shared/transport/compat-api';
import { assetRun, createdAsset, failedAsset, stoppedAsset } from '../../../shared/assets/outcomes';
import type { AssetOutcome } from '../../../shared/assets/outcomes';
import { oncePerNodeRun } from '../../../shared/paid-once/replay';
import { checkedEntries } from './batch-items';

/**
 * One asset per item, each POST sent once after every item was checked; it starts in review
 * (Processing): use Wait for Review before using it in a task. A failure after some creates
 * returns every item (see paid-once/replay.ts) rather than hiding the assets created.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await oncePerNodeRun(ctx, async () => {
		const { ready: entries, refused } = await checkedEntries(ctx);
		const outcomes: AssetOutcome[] = [...refused];
		for (const { itemIndex, entry } of entries) {
			if (isCancelled(ctx)) {
				outcomes.push(stoppedAsset(ctx, itemIndex));
				continue;
			}
			try {
				outcomes.push(createdAsset(itemIndex, await createAsset(ctx, entry, itemIndex)));
			} catch (error) {
				outcomes.push(failedAsset(ctx, error as Error, itemIndex));
			}
		}
		return assetRun(ctx, outcomes);
	});
}
