import { fakeService, healthy } from './fake-service';
import type { Behaviour, Handler } from './fake-service';
import { createVideo, prompts, runAgainst } from './run';

/** A service whose createTask answers as `onCreate` says (by how many creates came before). */
async function withCreates(
	onCreate: (count: number) => Behaviour,
	run: (url: string, count: () => number) => Promise<void>,
) {
	const handler: Handler = (request, count) =>
		request.path.endsWith('/jobs/createTask') ? onCreate(count) : healthy(request, count);
	const service = await fakeService(handler);
	try {
		await run(service.url, () => service.count('/jobs/createTask'));
	} finally {
		await service.close();
	}
}

const ok = (count: number): Behaviour => healthy({ path: '/jobs/createTask' } as never, count);
const continueOnFail = { onError: 'continueRegularOutput' };

describe('Create Video: money', () => {
	test.each<[string, Behaviour]>([
		['a connection reset after the request was sent', 'reset'],
		[
			'a 2xx body that is not JSON',
			{ status: 200, body: '<html>ok</html>', headers: { 'content-type': 'text/html' } },
		],
		['a 2xx JSON body without taskId', { status: 200, body: { orderId: 'o-1' } }],
		['a 2xx body that is null', { status: 200, body: 'null' }],
		[
			"a proxy's HTML 502",
			{
				status: 502,
				body: '<html><body>Bad gateway</body></html>',
				headers: { 'content-type': 'text/html' },
			},
		],
		['a JSON 500', { status: 500, body: { message: 'internal' } }],
	])('%s: the item says a task may exist and must not be retried blindly', async (_, behaviour) => {
		await withCreates(
			() => behaviour,
			async (url, creates) => {
				const run = await runAgainst(url, [createVideo({}, continueOnFail)], { items: prompts(1) });
				const [item] = run.json('Create Video');
				expect(item.taskId).toBeUndefined();
				expect(item.taskCreated).toBe('unknown');
				const text = `${item.error} ${item.errorDescription}`;
				expect(text).toMatch(/may have (been )?created/i);
				expect(text).not.toMatch(/then retry|retry after/i);
				expect(creates()).toBe(1);
			},
		);
	});

	test.each<[number, RegExp]>([
		[400, /nothing was sent|Fix the request/i],
		[402, /nothing was created/i],
	])('a clear HTTP %i refusal says that nothing was created', async (status, says) => {
		await withCreates(
			() => ({ status, body: { code: 'X', message: 'refused' } }),
			async (url) => {
				const run = await runAgainst(url, [createVideo({}, continueOnFail)], { items: prompts(1) });
				const [item] = run.json('Create Video');
				expect(item.taskCreated).toBe('no');
				expect(`${item.error} ${item.errorDescription}`).toMatch(says);
			},
		);
	});

	test('Retry On Fail never creates a paid task twice: a 500 on the first of 10 creates', async () => {
		await withCreates(
			(count) => (count === 0 ? { status: 500, body: { message: 'boom' } } : ok(count)),
			async (url, creates) => {
				const retrying = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
				const run = await runAgainst(
					url,
					[createVideo({ batchOptions: { concurrency: 1 } }, retrying)],
					{ items: prompts(10) },
				);
				// every item failed, one create's outcome unknown: the workflow stops, naming each item
				expect(run.status).toBe('error');
				expect(creates()).toBe(1);
				expect(run.error?.message).toBe('All 10 items failed');
				const lines = String(run.error?.description).split('\n');
				expect(lines[0]).toMatch(/^Item 1: .*may have/);
				expect(lines[1]).toMatch(/^Items 2, 3, 4, 5, 6, 7, 8, 9, 10: Not sent: an earlier create/);
				expect(lines[0]).toContain('first check whether it exists');
				expect(lines[2]).toContain('does not create these tasks again');
				expect(run.runData['Create Video']).toHaveLength(1);
			},
		);
	});

	test('Retry On Fail after tasks exist: the node reports per item and does not run again', async () => {
		await withCreates(
			(count) =>
				count === 3 ? { status: 400, body: { code: 'EMPTY_CONTENT', message: 'no' } } : ok(count),
			async (url, creates) => {
				const retrying = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
				const run = await runAgainst(
					url,
					[createVideo({ batchOptions: { concurrency: 1 } }, retrying)],
					{ items: prompts(6) },
				);
				expect(run.status).toBe('success');
				const items = run.json('Create Video');
				expect(creates()).toBe(6);
				expect(items.filter((item) => item.taskId)).toHaveLength(5);
				expect(items[3]).toMatchObject({ taskCreated: 'no' });
				expect(items[3].error).toMatch(/^EMPTY_CONTENT/);
				expect(run.runData['Create Video'][0].hints?.[0]?.message).toMatch(/1 of 6 items failed/);
			},
		);
	});

	test('Retry On Fail with Continue On Error: an error on the first item does not make n8n create the others again', async () => {
		await withCreates(
			(count) =>
				count === 0 ? { status: 400, body: { code: 'EMPTY_CONTENT', message: 'no' } } : ok(count),
			async (url, creates) => {
				const both = { retryOnFail: true, maxTries: 4, waitBetweenTries: 0, ...continueOnFail };
				const run = await runAgainst(
					url,
					[createVideo({ batchOptions: { concurrency: 1 } }, both)],
					{ items: prompts(4) },
				);
				const items = run.json('Create Video');
				expect(creates()).toBe(4);
				expect(items[0]).toMatchObject({ taskCreated: 'no' });
				expect(items.slice(1).map((item) => item.taskId)).toEqual(['task-1', 'task-2', 'task-3']);
			},
		);
	});

	test('with nothing created, the node still stops the workflow (a re-run cannot bill twice)', async () => {
		await withCreates(
			() => ({ status: 402, body: { message: 'no credits' } }),
			async (url, creates) => {
				const run = await runAgainst(url, [createVideo({ batchOptions: { concurrency: 1 } })], {
					items: prompts(3),
				});
				expect(run.status).toBe('error');
				expect(run.error?.message).toMatch(/Insufficient credits/);
				expect(creates()).toBe(1);
			},
		);
	});

	test('"Not sent ... HTTP 402" appears only after a 402', async () => {
		await withCreates(
			(count) =>
				count === 0 ? { status: 400, body: { code: 'EMPTY_CONTENT', message: 'x' } } : ok(count),
			async (url) => {
				const run = await runAgainst(
					url,
					[createVideo({ batchOptions: { concurrency: 1 } }, continueOnFail)],
					{ items: prompts(3) },
				);
				const errors = run.json('Create Video').map((item) => String(item.error ?? ''));
				expect(errors.some((error) => error.includes('402'))).toBe(false);
				expect(
					run
						.json('Create Video')
						.slice(1)
						.every((item) => item.taskId),
				).toBe(true);
			},
		);
	});
});
