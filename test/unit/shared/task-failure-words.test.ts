/**
 * What a task that did not complete tells the user (issue 44, item 8): its one next step, naming
 * the node that reads that kind of task, and in the error of a run where every item failed one line
 * per item with its task id and that step.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { allFailedError } from '../../../nodes/shared/paid-once/all-failed';
import type { PollResult } from '../../../nodes/shared/polling';
import { compatTasks, generationTasks, upscaleTasks } from '../../../nodes/shared/tasks';
import type { TaskReader } from '../../../nodes/shared/tasks';
import { settle } from '../../../nodes/shared/waiting/task-waiting';

const POLL = { intervalMs: 1000, timeoutMs: 60_000 };

async function reasonOf(kind: TaskReader, result: Partial<PollResult<unknown>>) {
	const settled = await settle(
		{} as never,
		kind,
		result as never,
		{ poll: POLL, download: false } as never,
		{ id: 'a', deadline: Date.now() },
	);
	return settled.reason;
}

const stillRunning = { outcome: 'timedOut' as const, last: { status: 'PROCESSING' } };

test.each([
	['a generation', generationTasks, 'Wait for it again later with Wait For Task, or raise'],
	['an upscale', upscaleTasks, 'Wait For Task (Task Type: Upscale Task)'],
	['a compat task', compatTasks, 'Compat Task → Task → Wait'],
])('%s still running is read again with its own node', async (_kind, kind, reader) => {
	const reason = await reasonOf(kind, stillRunning);
	expect(reason).toContain(reader);
	expect(reason?.split(/Wait For Task|Compat Task/).length).toBe(2);
});

test('a wait stopped by the user says the task goes on and where to read it, for its kind', async () => {
	const reason = await reasonOf(compatTasks, { outcome: 'cancelled' });
	expect(reason).toBe(
		'Not finished: the execution was stopped while waiting; the task goes on at the service. Read it later by its id with Compat Task → Task → Wait',
	);
});

const node = { name: 'Upscale Video', type: 'x.upscale' } as INode;
const failure = (itemIndex: number, message: string, description?: string) => ({
	itemIndex,
	error: new NodeOperationError(node, message, { description }),
});

test('every item failed: one line per item, each with its task id and its next step', () => {
	const error = allFailedError(
		node,
		[
			failure(0, 'Task t1: URL_NOT_REACHABLE: no', 'It failed and will not finish.'),
			failure(1, 'Task t2: Still running after 60 s. Wait for it again later with Wait For Task'),
			failure(2, 'Not confirmed: lost', 'It may exist.\nCheck your tasks first.'),
		],
		{ why: '', next: 'The closing line.' },
	);
	expect((error as NodeOperationError).description?.split('\n')).toEqual([
		'Item 1: Task t1: URL_NOT_REACHABLE: no. It failed and will not finish.',
		'Item 2: Task t2: Still running after 60 s. Wait for it again later with Wait For Task',
		'Item 3: Not confirmed: lost. It may exist. Check your tasks first.',
		'The closing line.',
	]);
});
