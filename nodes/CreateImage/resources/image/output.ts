import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { TASK } from '../../../shared/catalog';
import { GENERATION_SIMPLE } from '../../../shared/output/simplify';
import type { Simplification } from '../../../shared/output/simplify';
import { generationTasks } from '../../../shared/tasks';

const [COMPLETED, FAILED] = TASK.terminalStatuses;

/**
 * What an image item adds to the task's own fields (Unified Generation API, § Task does not show
 * an image task's output item; the emulator and this node read it like video's
 * `{url, width, height}`):
 * - `imageUrl`: the first output url of a completed task, so an AI Agent or the next node finds it;
 * - `creditsCharged`: what the item costs as far as is known now. A submission deducts its price;
 *   a failed image task is refunded automatically (Unified Generation API, § Credit costs), so:
 *   completed → the task's creditsUsed; failed or never created → 0; created and not finished →
 *   the estimate (given back if it fails); a create without a clear answer → null (it may or may not exist).
 */
export function withImageFields(item: INodeExecutionData): INodeExecutionData {
	const imageUrl =
		item.json.status === COMPLETED ? generationTasks.resultUrls(item.json)[0] : undefined;
	return {
		...item,
		json: {
			...item.json,
			...(imageUrl ? { imageUrl } : {}),
			creditsCharged: creditsCharged(item.json),
		},
	};
}

/**
 * Simplified (version 2), an image item has one credits field per meaning, named as on Create Video:
 * `estimatedCredits` before the run, `creditsUsed` for what the item costs as far as is known now
 * (the value above, which holds the service's creditsUsed once the task completed).
 */
export const IMAGE_SIMPLE: Simplification = {
	...GENERATION_SIMPLE,
	drop: ['creditsUsed', 'creditsCharged'],
	add: (json) => ('creditsCharged' in json ? { creditsUsed: json.creditsCharged } : {}),
};

function creditsCharged(json: IDataObject): number | null {
	if (json.taskCreated === 'no' || json.status === FAILED) return 0;
	if (json.taskCreated === 'unknown') return null;
	if (json.status === COMPLETED)
		return typeof json.creditsUsed === 'number' ? json.creditsUsed : null;
	return typeof json.estimatedCredits === 'number' ? json.estimatedCredits : null;
}
