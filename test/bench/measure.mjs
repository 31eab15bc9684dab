// What the benchmark reads from a run: the emulator's request log and n8n's execution JSON.
// Pure functions, plain Node ESM.

const CREATE = '/api/v1/jobs/createTask';
const QUERY = '/api/v1/jobs/queryTask';

/** How long the service waits for a callback's answer (the emulator's time limit of one attempt). */
export const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * Span and requests of one batch from the emulator's log (`time` is when a request arrived).
 * The span ends at the last queryTask, or at `endsAt` when that is later (the callback rows pass
 * the time their last callback was answered).
 * @param {Array<{ time: number, method: string, path: string, body?: any }>} log
 * @param {{ tasks: number, durationMs: number, endsAt?: number }} batch
 */
export function measureRequests(log, { tasks, durationMs, endsAt = -Infinity }) {
	const creates = log.filter((entry) => entry.method === 'POST' && entry.path === CREATE);
	const queries = log.filter((entry) => entry.method === 'GET' && entry.path === QUERY);
	const prompts = creates.map((entry) => entry.body?.inputs?.prompt);
	const first = Math.min(...creates.map((entry) => entry.time));
	const lastCreate = Math.max(...creates.map((entry) => entry.time));
	const last = Math.max(endsAt, ...queries.map((entry) => entry.time));
	return {
		/** How long creating took, as a share of T: the span cannot be shorter than this plus T. */
		creating: (lastCreate - first) / durationMs,
		/** The wait's own share: its last check after the last task's end (last createTask + T), per T. */
		lateness: (last - lastCreate - durationMs) / durationMs,
		/** When the first createTask arrived. */
		startedAt: first,
		creates: creates.length,
		createdTwice: prompts.length - new Set(prompts).size,
		queries: queries.length,
		queriesPerTask: queries.length / tasks,
		span: (last - first) / durationMs,
	};
}

/**
 * The finished tasks a node delivered on its first output, over all of its runs (a loop runs a
 * node many times): their distinct ids, and how long n8n's execution took.
 * @param {any} run the JSON of `n8n execute --rawOutput`
 * @param {string} node
 */
export function deliveredTasks(run, node) {
	const runs = run?.data?.resultData?.runData?.[node] ?? [];
	const ids = runs.flatMap((r) => (r.data?.main?.[0] ?? []).map((item) => item.json?.taskId));
	const statuses = runs.flatMap((r) => (r.data?.main?.[0] ?? []).map((item) => item.json?.status));
	const executionMs = Date.parse(run?.stoppedAt) - Date.parse(run?.startedAt);
	return {
		delivered: ids.length,
		distinct: new Set(ids).size,
		completed: statuses.filter((s) => s === 'COMPLETED').length,
		executionMs,
	};
}

/**
 * Why a batch failed the benchmark's one rule (each task created once, each delivered completed),
 * or undefined.
 * @param {ReturnType<typeof measureRequests>} requests
 * @param {ReturnType<typeof deliveredTasks>} delivered
 * @param {number} tasks
 */
export function lostOrTwice(requests, delivered, tasks) {
	if (requests.creates !== tasks || requests.createdTwice > 0)
		return `${requests.creates} createTask requests (${requests.createdTwice} repeated) for ${tasks} items`;
	if (delivered.distinct !== tasks || delivered.completed !== tasks)
		return `${delivered.completed} of ${tasks} tasks delivered completed (${delivered.distinct} distinct ids)`;
	return undefined;
}

/**
 * The emulator's callback deliveries of a batch: how many attempts got an answer (any status)
 * within the service's time limit and the slowest answer, the retries, how many tasks had one
 * answered 2xx, the attempts that were not (the emulator retries those), when the last 2xx answer
 * came, and the createTasks whose callBackUrl is not on `resumeBase` (n8n's resume URL on the
 * benchmark's server).
 * @param {Array<{ taskId: string, url: string, attempt: number, status?: number, error?: string, answer?: string, sentAt: number, time: number }>} attempts
 * @param {Array<{ method: string, path: string, body?: any }>} log
 * @param {string} resumeBase
 */
export function callbackDeliveries(attempts, log, resumeBase) {
	const ok = attempts.filter((a) => a.status >= 200 && a.status < 300);
	const creates = log.filter((entry) => entry.method === 'POST' && entry.path === CREATE);
	const failed = attempts.filter((a) => !ok.includes(a)).map((a) => a.status ?? a.error);
	const answerMs = attempts.map((a) => a.time - a.sentAt);
	const refused = attempts.filter((a) => !ok.includes(a) && a.status !== undefined);
	return {
		attempts: attempts.length,
		inTime: attempts.filter((a, i) => a.status !== undefined && answerMs[i] <= CALLBACK_TIMEOUT_MS)
			.length,
		slowestMs: Math.max(0, ...answerMs),
		retries: attempts.filter((a) => a.attempt > 1).length,
		answered: new Set(ok.map((a) => a.taskId)).size,
		failedAttempts: failed.length,
		/** What the attempts that were answered but not 2xx said, e.g. { 503: ['{"message":"…"}'] } */
		refusals: Object.fromEntries(
			[...new Set(refused.map((a) => a.status))].map((status) => [
				status,
				[
					...new Set(
						refused
							.filter((a) => a.status === status)
							// one line per kind of answer: execution ids and the like as <n>
							.map((a) => a.answer?.replace(/\d+/g, '<n>')),
					),
				],
			]),
		),
		/** e.g. { 409: 3, ECONNRESET: 1 } */
		failures: Object.fromEntries(
			[...new Set(failed)].map((why) => [why, failed.filter((f) => f === why).length]),
		),
		/** The most attempts a callback took to be accepted (1 = no retry). */
		mostAttempts: Math.max(0, ...ok.map((a) => a.attempt)),
		lastAnswered: Math.max(...ok.map((a) => a.time)),
		elsewhere: creates.filter(
			(entry) => !String(entry.body?.callBackUrl ?? '').startsWith(resumeBase),
		).length,
	};
}

/**
 * Several executions read as one run for deliveredTasks: the node's runs of all of them, timed
 * from the first execution's start to the last one's end (n8n keeps an execution's startedAt
 * when it resumes from waiting).
 * @param {Array<{ startedAt: string, stoppedAt: string, data: any }>} runs
 * @param {string} node
 */
export function oneRun(runs, node) {
	if (runs.length === 0) return undefined;
	const times = (key) => runs.map((run) => Date.parse(run[key]));
	return {
		startedAt: new Date(Math.min(...times('startedAt'))).toISOString(),
		stoppedAt: new Date(Math.max(...times('stoppedAt'))).toISOString(),
		data: {
			resultData: {
				runData: { [node]: runs.flatMap((run) => run.data?.resultData?.runData?.[node] ?? []) },
			},
		},
	};
}

/**
 * A batch of uneven tasks against its own limit: the slowest task's end (create time + run time,
 * from the emulator's task clocks) after the first createTask. `spanToLimit` 1 means the wait
 * read the last result the moment it existed.
 * @param {Array<{ time: number, method: string, path: string, body?: any }>} log
 * @param {Array<{ endTime: number }>} clocks the emulator's GET /__control/tasks
 * @param {{ tasks: number, endsAt?: number }} batch
 */
export function measureSpread(log, clocks, { tasks, endsAt }) {
	const startedAt = Math.min(
		...log.filter((entry) => entry.method === 'POST' && entry.path === CREATE).map((e) => e.time),
	);
	const limitMs = Math.max(...clocks.map((clock) => clock.endTime)) - startedAt;
	// With T = the limit, measureRequests' span is span / limit, its creating share creating / limit.
	const requests = measureRequests(log, { tasks, durationMs: limitMs, endsAt });
	// Its lateness (after the last createTask + T) means nothing here: the span itself is measured against the limit.
	const { span, ...rest } = requests;
	delete rest.lateness;
	return { ...rest, startedAt, limitMs, spanToLimit: span, readDone: readDone(log, clocks) };
}

/**
 * How many tasks were read at or after their end (so seen finished): what the emulator can tell of
 * a run whose own output cannot be read.
 * @param {Array<{ time: number, method: string, path: string, query?: Record<string, string> }>} log
 * @param {Array<{ taskId: string, endTime: number }>} clocks
 */
export function readDone(log, clocks) {
	const lastRead = new Map();
	for (const entry of log)
		if (entry.method === 'GET' && entry.path === QUERY && entry.query?.taskId)
			lastRead.set(entry.query.taskId, entry.time);
	return clocks.filter((clock) => lastRead.get(clock.taskId) >= clock.endTime).length;
}
