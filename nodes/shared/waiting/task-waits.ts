import type { IExecuteFunctions } from 'n8n-workflow';

import type { WaitSettings } from './task-waiting';
import { waitForTasks } from './task-waiting';
import type { TaskReader } from '../tasks';
import type { WaitEntry, WaitedItem } from '../execution/wait-routing';

/**
 * routeWaits' wait for tasks of one kind: each item gets its task's id, last state, outcome and,
 * when it did not complete, the reason as `error`; completed tasks carry their files when asked.
 */
export function taskWaits(ctx: IExecuteFunctions, kind: TaskReader, settings: WaitSettings) {
	return async (entries: WaitEntry[]): Promise<WaitedItem[]> => {
		const settled = await waitForTasks(ctx, kind, entries, settings);
		return settled.map(({ state, binary, outcome, reason }, index) => ({
			json: {
				[kind.idField]: entries[index].id,
				...state,
				outcome,
				...(reason ? { error: reason } : {}),
			},
			binary,
			succeeded: outcome === 'succeeded',
		}));
	};
}
