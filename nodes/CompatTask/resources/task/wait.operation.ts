import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idFieldValue } from '../../../settings/ids';
import { readWaitSettings } from '../../../settings/wait';
import { taskWaits } from '../../../shared/waiting/task-waits';
import { routeWaits } from '../../../shared/execution/wait-routing';
import { compatTasks } from '../../../shared/tasks';
import { COMPAT_POLL } from '../../../shared/tasks/compat';
import { readTaskId } from './task-id';

/**
 * Waits on the tasks of all items together (every 10 s, growing to 30 s, by default). Output 1:
 * succeeded tasks, with their video when asked (downloaded at once: the link lives 24 hours).
 * Output 2: every other task (failed, timed out, unreadable, failed download) with its id and why,
 * and the items Create skipped (created in an earlier run), as Wait For Task does.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeWaits(ctx, {
		idValue: idFieldValue(ctx, 'taskId'),
		readId: (itemIndex) => readTaskId(ctx, itemIndex),
		waitAll: taskWaits(ctx, compatTasks, readWaitSettings(ctx, COMPAT_POLL)),
	});
}
