import type { Emulator } from '../emulator';
import { now } from '../emulator';
import type { Task } from '../store';
import { deliverWebhook } from '../webhooks';
import { settleHold } from './credits';
import { taskView } from './task-view';

export type TaskStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

/** Share of the task's duration spent PENDING before PROCESSING (the spec does not show it). */
const PENDING_SHARE = 0.2;

/**
 * A task's state follows from its timestamps, so every read is exact; the timer started at
 * creation settles it on time even when nobody reads (the webhook must go out).
 */
export function scheduleTask(emu: Emulator, task: Task): void {
	emu.timers.after(task.durationMs, () => settleTask(emu, task, true));
}

export function taskStatus(emu: Emulator, task: Task): TaskStatus {
	settleTask(emu, task);
	if (task.completeTime !== null) return task.fails ? 'FAILED' : 'COMPLETED';
	return now() - task.createTime < task.durationMs * PENDING_SHARE ? 'PENDING' : 'PROCESSING';
}

/** Moves a due task to its terminal state once: settles credits, registers output, sends the webhook. */
export function settleTask(emu: Emulator, task: Task, force = false): void {
	if (task.completeTime !== null) return;
	if (!force && now() < task.createTime + task.durationMs) return;
	// Its own end, also when the timer fires a millisecond early: the task's run time is exact.
	task.completeTime = task.createTime + task.durationMs;
	if (task.refundable) settleHold(emu, task.owner, task.creditsUsed, !task.fails);
	if (task.refundable && task.fails) task.creditsUsed = 0;
	if (!task.fails) task.fileId = emu.files.plan(task.plan);
	if (task.callBackUrl)
		deliverWebhook(emu, task.taskId, task.callBackUrl, taskView(emu, task), true);
}

export function settleDueTasks(emu: Emulator, owner: string): void {
	for (const task of emu.store.tasks.values()) if (task.owner === owner) settleTask(emu, task);
}
