import type { PollOptions, PollResult } from '../../../nodes/shared/polling';
import { generationTasks } from '../../../nodes/shared/tasks';
import { settle } from '../../../nodes/shared/waiting/task-waiting';

/** What the user reads for a generation task's poll result: settle's reason, nothing downloaded. */
export async function reasonOf(result: PollResult<unknown>, poll: PollOptions) {
	const settled = await settle(
		{} as never,
		generationTasks,
		result as never,
		{ poll, download: false } as never,
		{ id: 'a', deadline: Date.now() },
	);
	return settled.reason;
}
