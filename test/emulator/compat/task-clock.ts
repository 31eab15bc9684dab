import type { Emulator } from '../emulator';
import { now } from '../emulator';
import type { CompatTask } from '../store';
import { taskCost } from './cost';

export type CompatStatus = 'running' | 'succeeded' | 'failed';

export const COMPAT_FAIL_MESSAGE =
	'Generation failed: the prompt asked the emulator to fail ([fail])';

export function scheduleCompatTask(emu: Emulator, task: CompatTask): void {
	emu.timers.after(task.durationMs, () => settleCompatTask(emu, task, true));
}

export function compatStatus(emu: Emulator, task: CompatTask): CompatStatus {
	settleCompatTask(emu, task);
	if (task.finishedAt === null) return 'running';
	return task.fails ? 'failed' : 'succeeded';
}

/** Ends a due task once; a success settles its cost from the balance (spec: "cost settled"). */
export function settleCompatTask(emu: Emulator, task: CompatTask, force = false): void {
	if (task.finishedAt !== null || (!force && now() < task.createdAt + task.durationMs)) return;
	task.finishedAt = Math.min(now(), task.createdAt + task.durationMs);
	if (task.fails) return;
	task.fileId = emu.files.plan(task.plan);
	const account = emu.store.accounts.get(task.owner);
	task.cost = taskCost(task.tokens, account?.markupRate ?? 1);
	if (account)
		account.compatBalance = Math.round((account.compatBalance - task.cost) * 10_000) / 10_000;
}

export function settleDueCompatTasks(emu: Emulator, owner: string): void {
	for (const task of emu.store.compatTasks.values())
		if (task.owner === owner) settleCompatTask(emu, task);
}

export const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The task shape. Timestamps are unix seconds, as upstream. A failed task (shape not shown by the
 * spec) is `{id, model, status: 'failed', error: {code, message}, ...}`.
 */
export function compatTaskView(emu: Emulator, task: CompatTask) {
	const status = compatStatus(emu, task);
	const base = {
		id: task.id,
		model: task.model,
		status,
		created_at: unixSeconds(task.createdAt),
		// The last state change: the completion once finished (nodes date the 24 h link validity by it).
		updated_at: unixSeconds(task.finishedAt ?? task.createdAt),
	};
	if (status === 'failed')
		return { ...base, error: { code: 'GENERATION_FAILED', message: COMPAT_FAIL_MESSAGE } };
	if (status === 'running') return base;
	return {
		...base,
		content: [
			{ type: 'video_url', video_url: { url: emu.files.url(task.origin, task.fileId as string) } },
		],
		ratio: task.ratio,
		duration: task.duration,
		resolution: task.resolution,
		usage: { completion_tokens: task.tokens, total_tokens: task.tokens },
	};
}
