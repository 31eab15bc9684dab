import type { PollOutcome } from '../polling';
import type { TaskReader } from '../tasks';

/** The node that reads a task of each kind again by its id: Compat Task's tasks are its own. */
export const READ_AGAIN: Record<TaskReader['name'], string> = {
	generation: 'Wait For Task',
	upscale: 'Wait For Task (Task Type: Upscale Task)',
	compat: 'Compat Task → Task → Wait',
};

/**
 * The one next step for a created task that did not complete, matching what became of it: a task
 * still running is read again later, a failed one will not finish (reading it again helps no one),
 * a completed one whose download failed is downloaded again.
 */
export function nextStepAfter(
	kind: TaskReader['name'],
	outcome: PollOutcome | 'downloadFailed',
): string {
	const reader = READ_AGAIN[kind];
	switch (outcome) {
		case 'failed':
			return 'It failed and will not finish: fix what the service said, then run the item again (a new task)';
		case 'downloadFailed':
			return `It completed: download its result again with ${reader} (Download Result Files on; a result host refused as private needs Allow Private File Hosts on)`;
		case 'timedOut':
			return `Wait for it again later with ${reader}, or raise Wait Options → Timeout (Minutes)`;
		case 'cancelled':
			return `Read it later by its id with ${reader}`;
		default:
			return `The task was created and may still be running: read it later by its id with ${reader}`;
	}
}

/** The next step a Create node adds to a task's reason: none where the reason already says it. */
export const stepNotInReason = (
	kind: TaskReader['name'],
	outcome: PollOutcome | 'downloadFailed',
): string | undefined =>
	outcome === 'timedOut' || outcome === 'cancelled'
		? undefined
		: `${nextStepAfter(kind, outcome)}.`;
