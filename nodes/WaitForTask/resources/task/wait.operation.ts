import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idFieldValue } from '../../../settings/ids';
import { readWaitSettings } from '../../../settings/wait';
import { taskWaits } from '../../../shared/waiting/task-waits';
import { routeWaits } from '../../../shared/execution/wait-routing';
import { simplifiedTasks } from './simplified';
import { withoutStaleNextStep } from './stale-advice';
import { readTaskId } from './task-id';
import { taskKindOf } from './task-kind';

/**
 * Polls the tasks of all input items together. Output 1 gets completed tasks; output 2 every task
 * that did not complete (failed, timed out, unreadable, or completed with a failed download), each
 * with its taskId, last status and the reason, so no task is ever dropped. An item a Create node
 * skipped (created in an earlier run, no task id in this one) goes to output 2 as it came.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const outputs = await routeWaits(ctx, {
		idValue: idFieldValue(ctx, 'taskId'),
		readId: (itemIndex) => readTaskId(ctx, itemIndex),
		waitAll: taskWaits(ctx, taskKindOf(ctx), readWaitSettings(ctx)),
	});
	return simplifiedTasks(ctx, withoutStaleNextStep(ctx, outputs));
}
