// What the benchmark reads from a run: the emulator's request log and n8n's execution JSON.
// Pure functions, plain Node ESM.

const CREATE = '/api/v1/jobs/createTask';
const QUERY = '/api/v1/jobs/queryTask';

/**
 * Span and requests of one batch from the emulator's log (`time` is when a request arrived).
 * @param {Array<{ time: number, method: string, path: string, body?: any }>} log
 * @param {{ tasks: number, durationMs: number }} batch
 */
export function measureRequests(log, { tasks, durationMs }) {
	const creates = log.filter((entry) => entry.method === 'POST' && entry.path === CREATE);
	const queries = log.filter((entry) => entry.method === 'GET' && entry.path === QUERY);
	const prompts = creates.map((entry) => entry.body?.inputs?.prompt);
	const first = Math.min(...creates.map((entry) => entry.time));
	const lastCreate = Math.max(...creates.map((entry) => entry.time));
	const last = Math.max(...queries.map((entry) => entry.time));
	return {
		/** How long creating took, as a share of T: the span cannot be shorter than this plus T. */
		creating: (lastCreate - first) / durationMs,
		/** The wait's own share: its last check after the last task's end (last createTask + T), per T. */
		lateness: (last - lastCreate - durationMs) / durationMs,
		creates: creates.length,
		createdTwice: prompts.length - new Set(prompts).size,
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
	return { delivered: ids.length, distinct: new Set(ids).size, completed: statuses.filter((s) => s === 'COMPLETED').length, executionMs };
}
