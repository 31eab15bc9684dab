/**
 * Silence is judged on a clock (issue 43 §5): the wait ends when `unreachableMs` pass from the
 * service's last answer (or the first check after it), whatever the check in flight is doing. It
 * used to be judged only when a failing check ended, and one check can hang through its
 * attempts and retries for minutes, so a 5-minute limit ended waits after 5 to 9 minutes.
 */
import { pollAll } from '../../../nodes/shared/polling';
import type { PollOptions, Poller } from '../../../nodes/shared/polling';
import { Silence } from '../../../nodes/shared/polling/silence';
import { reasonOf } from './poll-reason';

const LIMIT_MS = 300;
/** How long a hanging check runs on its own: far past the limit, far below the Timeout. */
const HANG_MS = 8_000;
/** A shared 2-core machine: the bound is the limit plus this, still well below HANG_MS. */
const MARGIN_MS = 2_500;

const OPTIONS: PollOptions = {
	intervalMs: 10,
	maxIntervalMs: 20,
	timeoutMs: 60_000,
	concurrency: 2,
	unreachableMs: LIMIT_MS,
};

type State = { status: string };
const running: State = { status: 'PROCESSING' };
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Checks of `hangs(id)` tasks hang as `hang` says; the others answer `running`. */
function poller(
	hangs: (id: string, call: number) => boolean,
	hang: (deadline: number) => Promise<State>,
	answered: number[],
): Poller<State> {
	let calls = 0;
	return {
		query: async (id, _index, deadline) => {
			if (hangs(id, ++calls)) return await hang(deadline);
			answered.push(Date.now());
			return running;
		},
		phase: () => 'running',
		isPermanent: () => false,
	};
}

/** As the transport: attempts of 2 s until HANG_MS or the check's deadline, then it fails. */
const untilDeadline = async (deadline: number): Promise<State> => {
	const end = Math.min(Date.now() + HANG_MS, deadline);
	while (Date.now() < end) await sleep(Math.min(2_000, end - Date.now()));
	throw new Error('Could not reach the service: No complete answer within 2 s');
};

/** A check that never settles, whatever its deadline says. */
const never = async (): Promise<State> => await new Promise<State>(() => {});

test('a check that hangs to its deadline: the wait ends at the limit after the last answer, the task reported as running', async () => {
	const answered: number[] = [];
	const [result] = await pollAll(
		{},
		['a'],
		poller((_, call) => call > 1, untilDeadline, answered),
		OPTIONS,
	);
	expect(Date.now() - answered[0]).toBeLessThan(LIMIT_MS + MARGIN_MS);
	expect(result).toMatchObject({ outcome: 'timedOut', last: running, unreachableMs: LIMIT_MS });
	expect(await reasonOf(result, OPTIONS)).toBe(
		'The service answered no status check for 0 minutes, so the wait ended. The task was created and may still be running: read it later by its id with Wait For Task',
	);
});

test(
	'a check that never settles is abandoned: the wait ends soon after the limit, every task with its id',
	async () => {
		const answered: number[] = [];
		const started = Date.now();
		const results = await pollAll(
			{},
			['a', 'b'],
			poller((_, call) => call > 2, never, answered),
			OPTIONS,
		);
		expect(Date.now() - Math.max(started, ...answered)).toBeLessThan(LIMIT_MS + MARGIN_MS);
		expect(results).toEqual([
			{ outcome: 'timedOut', last: running, unreachableMs: LIMIT_MS },
			{ outcome: 'timedOut', last: running, unreachableMs: LIMIT_MS },
		]);
	},
	HANG_MS,
);

describe('the silence clock', () => {
	test('starts with the first unanswered check and stops at an answer: time between checks is not silence', () => {
		const silence = new Silence(LIMIT_MS);
		expect(silence.start(1_000)).toBe(1_000 + LIMIT_MS);
		silence.end(true, 1_050);
		expect(silence.limit).toBe(Infinity);
		expect(silence.over(60_000)).toBe(false);
	});

	test('an answer while another check is in flight restarts it from that answer', () => {
		const silence = new Silence(LIMIT_MS);
		silence.start(1_000);
		silence.start(1_000);
		silence.end(true, 1_200);
		expect(silence.limit).toBe(1_200 + LIMIT_MS);
		expect(silence.start(1_250)).toBe(1_200 + LIMIT_MS);
	});

	test('a failed check leaves it running, to the limit', () => {
		const silence = new Silence(LIMIT_MS);
		silence.start(1_000);
		silence.end(false, 1_100);
		expect(silence.start(1_200)).toBe(1_000 + LIMIT_MS);
		silence.end(false, 1_250);
		expect(silence.over(1_000 + LIMIT_MS - 50)).toBe(false);
		expect(silence.over(1_000 + LIMIT_MS)).toBe(true);
	});
});
