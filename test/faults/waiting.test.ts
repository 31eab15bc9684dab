import { packageNode } from '../helpers/workflow';
import { fakeService, healthy } from './fake-service';
import type { Behaviour, Handler, Received } from './fake-service';
import { FAULT_KEY, runAgainst, waitForTask } from './run';

const task = (taskId: string, status: string, extra = {}) => ({
	status: 200,
	body: {
		taskId,
		orderId: `o-${taskId}`,
		model: 'sd2',
		status,
		creditsUsed: 0,
		output: null,
		error: null,
		...extra,
	},
});

/** A service whose queryTask answers per task id as `byTask` says. */
async function withQueries(
	byTask: (taskId: string, request: Received) => Behaviour,
	run: (service: Awaited<ReturnType<typeof fakeService>>) => Promise<void>,
) {
	const handler: Handler = (request, count) =>
		request.path.endsWith('/jobs/queryTask')
			? byTask(request.query.get('taskId') ?? '', request)
			: healthy(request, count);
	const service = await fakeService(handler);
	try {
		await run(service);
	} finally {
		await service.close();
	}
}

const fast = (timeoutMinutes: number) => ({
	waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.2, timeoutMinutes },
});

describe('Wait For Task against a broken service', () => {
	test.each<[string, Behaviour]>([
		['null', { status: 200, body: 'null' }],
		['{}', { status: 200, body: {} }],
		['an array', { status: 200, body: [] }],
	])('a status answer of %s affects only its own task', async (_, broken) => {
		await withQueries(
			(taskId) => (taskId === 'bad' ? broken : task(taskId, 'COMPLETED')),
			async (service) => {
				const items = [{ taskId: 'a' }, { taskId: 'bad' }, { taskId: 'b' }];
				const run = await runAgainst(service.url, [waitForTask(fast(0.1))], { items });
				expect(run.status).toBe('success');
				expect(run.json('Wait For Task', 0).map((item) => item.taskId)).toEqual(['a', 'b']);
				const [bad] = run.json('Wait For Task', 1);
				expect(bad).toMatchObject({ taskId: 'bad', outcome: 'error' });
				expect(bad.error).toMatch(/not an object|without a status/);
			},
		);
	});

	test('stopping the workflow stops the wait at once: cancelled, no further request', async () => {
		await withQueries(
			(taskId) => task(taskId, 'PROCESSING'),
			async (service) => {
				const started = Date.now();
				const run = await runAgainst(service.url, [waitForTask(fast(10))], {
					items: [{ taskId: 't' }],
					cancelAfterMs: 700,
				});
				const stoppedAt = started + 700;
				expect(run.status).toBe('canceled');
				expect(Date.now() - started).toBeLessThan(5_000);
				const late = service.received.filter((request) => request.at > stoppedAt + 100);
				expect(late).toHaveLength(0);
			},
		);
	});

	test('a 429 with Retry-After: 3600 on every check ends at the timeout with the last error', async () => {
		const limited: Behaviour = {
			status: 429,
			body: { message: 'slow down' },
			headers: { 'retry-after': '3600' },
		};
		await withQueries(
			() => limited,
			async (service) => {
				const started = Date.now();
				// 15 s: time enough for the first check to be answered even on a machine busy with the
				// other suites (3 s and 6 s were not: the check was cut by the deadline before its answer)
				const run = await runAgainst(service.url, [waitForTask(fast(0.25))], {
					items: [{ taskId: 't' }],
				});
				expect(Date.now() - started).toBeLessThan(30_000);
				const [item] = run.json('Wait For Task', 1);
				expect(item).toMatchObject({ taskId: 't', outcome: 'timedOut' });
				expect(item.error).toMatch(
					/^No status could be read within 15 s; the last check failed: Too many requests/,
				);
			},
		);
	});

	test('a server that hangs is bounded by the timeout, not by the request timeout', async () => {
		await withQueries(
			() => 'hang',
			async (service) => {
				const started = Date.now();
				// 15 s: time enough for the first check to be answered even on a machine busy with the
				// other suites (3 s and 6 s were not: the check was cut by the deadline before its answer)
				const run = await runAgainst(service.url, [waitForTask(fast(0.25))], {
					items: [{ taskId: 't' }],
				});
				expect(Date.now() - started).toBeLessThan(30_000);
				expect(run.json('Wait For Task', 1)[0]).toMatchObject({ outcome: 'timedOut' });
			},
		);
	});

	test('a download that hangs fails within the timeout, and the others still arrive', async () => {
		const files = await fakeService((request) =>
			request.path === '/hang.mp4'
				? 'hang'
				: { status: 200, body: 'MP4', headers: { 'content-type': 'video/mp4' } },
		);
		try {
			const output = (name: string) => ({
				output: [{ url: `${files.url}/${name}`, width: 1, height: 1 }],
			});
			await withQueries(
				(taskId) =>
					task(taskId, 'COMPLETED', output(taskId === 'slow' ? 'hang.mp4' : `${taskId}.mp4`)),
				async (service) => {
					const items = [{ taskId: 'slow' }, { taskId: 'a' }, { taskId: 'b' }];
					const started = Date.now();
					// the files live on another local port: a self-hosted file host, allowed by the option
					const run = await runAgainst(
						service.url,
						[waitForTask({ ...fast(0.05), download: true, allowPrivateHosts: true })],
						{ items },
					);
					expect(Date.now() - started).toBeLessThan(15_000);
					expect(run.json('Wait For Task', 0).map((item) => item.taskId)).toEqual(['a', 'b']);
					expect(run.json('Wait For Task', 1)[0]).toMatchObject({
						taskId: 'slow',
						outcome: 'downloadFailed',
					});
					expect(
						files.received.every((request) => request.headers.authorization === undefined),
					).toBe(true);
					expect(JSON.stringify(run.runData)).not.toContain(FAULT_KEY);
				},
			);
		} finally {
			await files.close();
		}
	});
});

describe('Get Task puts each task where its state says', () => {
	test('Completed, Running and Failed outputs; an unknown id goes to Failed, not Completed', async () => {
		const states: Record<string, Behaviour> = {
			done: task('done', 'COMPLETED'),
			busy: task('busy', 'PROCESSING'),
			broke: task('broke', 'FAILED', { error: 'content policy' }),
			gone: { status: 404, body: { message: 'task not found' } },
		};
		await withQueries(
			(taskId) => states[taskId],
			async (service) => {
				const get = packageNode(
					'Get',
					'waitForTask',
					{ operation: 'get' },
					{ onError: 'continueRegularOutput' },
				);
				const items = Object.keys(states).map((taskId) => ({ taskId }));
				const run = await runAgainst(service.url, [get], { items });
				expect(run.json('Get', 0).map((item) => item.taskId)).toEqual(['done']);
				expect(run.json('Get', 1).map((item) => item.taskId)).toEqual(['busy']);
				const failed = run.output('Get', 2);
				expect(failed.map((item) => item.json.taskId ?? 'error')).toEqual(['broke', 'error']);
				expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 2 }, { item: 3 }]);
				expect(failed[1].json.error).toMatch(/Not found/);
			},
		);
	});
});
