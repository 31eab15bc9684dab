/**
 * A service that stops answering while a status check hangs, through the real transport (issue
 * 43 §5): the wait ends the silence limit after the last answer, the hanging request cut there.
 * Before, the check ran its attempts of 60 s each and the wait ended minutes late. The limit is
 * 3 s here (DEFAULT_POLL.unreachableMs; 5 minutes in a workflow).
 */
import { fakeService, healthy } from './fake-service';
import type { Handler } from './fake-service';
import { runAgainst, waitForTask } from './run';

jest.mock('../../nodes/shared/polling/defaults', () => {
	const actual = jest.requireActual('../../nodes/shared/polling/defaults');
	return { ...actual, DEFAULT_POLL: { ...actual.DEFAULT_POLL, unreachableMs: 3_000 } };
});

/** Far below the minutes a hanging check took before, generous for a busy machine. */
const MARGIN_MS = 12_000;

test('a status check that hangs is cut at the limit and the task reported with its id', async () => {
	const answers: number[] = [];
	const handler: Handler = (request, count) => {
		if (!request.path.endsWith('/jobs/queryTask')) return healthy(request, count);
		if (count > 0) return 'hang';
		answers.push(Date.now());
		return {
			status: 200,
			body: { taskId: 't', orderId: 'o-t', model: 'sd2', status: 'PROCESSING' },
		};
	};
	const service = await fakeService(handler);
	try {
		const run = await runAgainst(
			service.url,
			[waitForTask({ waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.2 } })],
			{ items: [{ taskId: 't' }] },
		);
		expect(Date.now() - answers[0]).toBeLessThan(3_000 + MARGIN_MS);
		const [item] = run.json('Wait For Task', 1);
		expect(item).toMatchObject({ taskId: 't', outcome: 'timedOut', status: 'PROCESSING' });
		expect(item.error).toMatch(
			/^The service answered no status check for 0 minutes, so the wait ended\. The task was created and may still be running/,
		);
	} finally {
		await service.close();
	}
}, 60_000);
