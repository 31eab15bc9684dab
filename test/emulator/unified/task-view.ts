import type { Emulator } from '../emulator';
import type { Task } from '../store';
import { taskStatus } from './task-clock';

/** Message of a task failed on purpose (prompt containing [fail]). */
export const FAIL_MESSAGE = 'Generation failed: the prompt asked the emulator to fail ([fail])';

/**
 * The queryTask shape, also the webhook body. Image output items have the same `{url, width,
 * height}` shape as video (the spec does not show it). completeTime is null until the task ends.
 */
export function taskView(emu: Emulator, task: Task) {
	const status = taskStatus(emu, task);
	const done = status === 'COMPLETED' && task.fileId;
	return {
		taskId: task.taskId,
		orderId: task.orderId,
		model: task.model,
		status,
		creditsUsed: task.creditsUsed,
		output: done
			? [
					{
						url: emu.files.url(task.origin, task.fileId as string),
						width: task.plan.width,
						height: task.plan.height,
					},
				]
			: null,
		error: status === 'FAILED' ? FAIL_MESSAGE : null,
		createTime: task.createTime,
		completeTime: task.completeTime,
	};
}
