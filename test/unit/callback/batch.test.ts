import type { IDataObject } from 'n8n-workflow';

import { LAST_CALLBACK_WINDOW_MS, endsLater } from '../../../nodes/shared/callback/batch';
import { generationTasks } from '../../../nodes/shared/tasks';

const NOW = 1_000_000;
const task = (id: string, completeTime?: number) => ({
	id,
	state: {
		status: 'COMPLETED',
		createTime: 1,
		...(completeTime === undefined ? {} : { completeTime }),
	} as IDataObject,
});
const later = (mine: ReturnType<typeof task>, other: ReturnType<typeof task>) =>
	endsLater(generationTasks, mine, other, NOW);

describe('which callback of a finished batch resumes it: the one of the task that finished last', () => {
	test('a task that finished after mine keeps my callback from resuming; one before does not', () => {
		expect(later(task('a', NOW - 3000), task('b', NOW - 2000))).toBe(true);
		expect(later(task('b', NOW - 2000), task('a', NOW - 3000))).toBe(false);
	});

	test('equal finish times: told apart by id, so exactly one of the two is last', () => {
		expect(later(task('a', NOW), task('b', NOW))).toBe(true);
		expect(later(task('b', NOW), task('a', NOW))).toBe(false);
	});

	test("a later task that finished past the service's callback retries may have lost its callback: mine resumes", () => {
		const lost = NOW - LAST_CALLBACK_WINDOW_MS - 1;
		expect(later(task('a', lost - 5000), task('z', lost))).toBe(false);
		const recent = NOW - LAST_CALLBACK_WINDOW_MS + 1000;
		expect(later(task('a', recent - 5000), task('z', recent))).toBe(true);
	});

	test('finish times unknown: not later, so the callback reads on and resumes (it cannot tell who is last)', () => {
		expect(later(task('a'), task('b', NOW))).toBe(false);
		expect(later(task('a', NOW), task('b'))).toBe(false);
	});
});
