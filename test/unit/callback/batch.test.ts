import type { IDataObject } from 'n8n-workflow';

import type { IWebhookFunctions } from 'n8n-workflow';

import {
	LAST_CALLBACK_WINDOW_MS,
	READS_PER_CALLBACK,
	endsLater,
	readBatch,
} from '../../../nodes/shared/callback/batch';
import type { BatchMemory } from '../../../nodes/shared/callback/batch-memory';
import type { TaskReader } from '../../../nodes/shared/tasks';
import { NodeApiError } from 'n8n-workflow';
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

describe('what a callback of a batch reads', () => {
	const now = Date.now();
	/** Five tasks a..e that finished in that order, 1 s apart, the last one just now. */
	const finishedAt = new Map(
		['a', 'b', 'c', 'd', 'e'].map((id, index) => [id, now - (4 - index) * 1000]),
	);
	const tasks = [...finishedAt.keys()].map((id, index) => ({ index, id }));

	/** The generation kind, reading from the table above (or `running` for ids in `running`), counting reads. */
	function service(running: string[] = []) {
		const reads: string[] = [];
		const kind: TaskReader = {
			...generationTasks,
			query: async (_ctx, id) => {
				reads.push(id);
				return running.includes(id) ? { status: 'PROCESSING' } : task(id, finishedAt.get(id)).state;
			},
		};
		return { kind, reads };
	}
	const ctx = {} as IWebhookFunctions;
	const node = {
		name: 'Create Video',
		type: 'x',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const notFound = () =>
		new NodeApiError(node as never, { message: 'task not found' }, { httpCode: '404' });
	const mine = (id: string) => task(id, finishedAt.get(id));
	const memoryOf = (batch = tasks): BatchMemory => ({
		tasks: batch,
		finished: new Map(),
		resuming: false,
		until: Infinity,
	});

	test('a callback that is not the last stops at the first task that ended after its own: one read', async () => {
		const { kind, reads } = service();
		expect(await readBatch(ctx, kind, memoryOf(), mine('c'), now + 60_000)).toBe('later');
		expect(reads).toEqual(['d']);
	});

	test("the last task's callback reads every other task once and resumes with all five states", async () => {
		const { kind, reads } = service();
		const memory = memoryOf();
		expect(await readBatch(ctx, kind, memory, mine('e'), now + 60_000)).toBe('complete');
		expect(reads.sort()).toEqual(['a', 'b', 'c', 'd']);
		expect([...memory.finished.keys()].sort()).toEqual(['a', 'b', 'c', 'd']);
		// known finished: never read again
		expect(await readBatch(ctx, kind, memory, mine('e'), now + 60_000)).toBe('complete');
		expect(reads).toHaveLength(4);
	});

	test('a task that still runs stops the reading: the batch keeps waiting', async () => {
		const { kind, reads } = service(['a']);
		expect(await readBatch(ctx, kind, memoryOf(), mine('e'), now + 60_000)).toBe('later');
		expect(reads).toEqual(['a']);
	});

	test('a task the service no longer knows (404) counts as finished, with why', async () => {
		const { kind } = service();
		const gone: TaskReader = {
			...kind,
			query: async (c, id, ...rest) => {
				if (id === 'b') throw notFound();
				return await kind.query(c, id, ...rest);
			},
		};
		const memory = memoryOf();
		expect(await readBatch(ctx, gone, memory, mine('e'), now + 60_000)).toBe('complete');
		expect(memory.finished.get('b')).toEqual({ gone: expect.stringMatching(/could not be found/) });
	});

	test('a callback reads at most READS_PER_CALLBACK others, 4 at once after the first: then it is unsure', async () => {
		const ids = Array.from({ length: 40 }, (_, index) => `t${String(index).padStart(2, '0')}`);
		const finished = (id: string) => task(id, now - 60_000 + ids.indexOf(id));
		let inFlight = 0;
		/** How many reads were in flight as each one started. */
		const started: number[] = [];
		const kind: TaskReader = {
			...generationTasks,
			query: async (_ctx, id) => {
				started.push(++inFlight);
				await new Promise((resolve) => setTimeout(resolve, 5));
				inFlight--;
				return finished(id).state;
			},
		};
		const memory = memoryOf(ids.map((id, index) => ({ index, id })));
		expect(await readBatch(ctx, kind, memory, finished('t39'), now + 60_000)).toBe('unsure');
		expect(started).toHaveLength(READS_PER_CALLBACK);
		expect(Math.max(...started)).toBe(4);
		expect(started[0]).toBe(1);
	});
});
