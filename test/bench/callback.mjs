// The benchmark's callback rows: Create Video waiting Until the Service Calls Back in `n8n start`,
// as only a running server receives the callbacks at the executions' resume URLs. The mode waits
// for a batch: every task of an execution is created with the execution's resume URL, each
// callback is acknowledged once its task reads finished, and the callback of the task that
// finished last resumes the execution. Two shapes (SHAPES): N executions of one task each
// (workflows/package-callback.json, the hardest case for n8n's resumes: N executions to start,
// save as waiting and resume), started together through the active workflow's production webhook;
// and one execution of N tasks (workflows/package-callback-batch.json: its webhook's body holds N
// prompts, which a Split Out node makes N items). Every prompt is unique, so a task created twice
// shows. Each row runs beside its anchor, n8n's own Wait node on the same tasks (anchor.mjs).
// Plain Node ESM.
import { DEMO_OWNER, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow, readExecution, webhookRegistered } from '../../scripts/n8n/rest.mjs';
import { freePort, startN8n } from '../../scripts/n8n/run.mjs';
import { anchoredRows, engineOf } from './anchor.mjs';
import { profiled, profilerEnv } from './cpu-split.mjs';
import {
	CALLBACK_TIMEOUT_MS,
	callbackDeliveries,
	deliveredTasks,
	lostOrTwice,
	measureRequests,
	oneRun,
} from './measure.mjs';

/**
 * How a callback row's N tasks are started: the webhook bodies to POST at once, and how many
 * executions they start.
 */
export const SHAPES = {
	executions: {
		label: (tasks) => `${tasks} executions of one task`,
		executions: (tasks) => tasks,
		bodies: (tasks) => prompts(tasks).map((prompt) => ({ prompt })),
	},
	batch: {
		label: (tasks) => `one execution of ${tasks} tasks`,
		executions: () => 1,
		bodies: (tasks) => [{ prompts: prompts(tasks).map((prompt) => ({ prompt })) }],
	},
};

const prompts = (tasks) => Array.from({ length: tasks }, (_, index) => `bench callback ${index}`);
const FINISHED = ['success', 'error', 'crashed', 'canceled'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An anchor row and a package row per shape and duration, on one n8n server over `userFolder`
 * (stopped before returning, so the CLI runs that follow have the database to themselves), its
 * expression engine `engine` (N8N_EXPRESSION_ENGINE; n8n's default when undefined), other settings `env`.
 * @param {{ control: (path: string, body?: unknown) => Promise<any> }} emulator
 * @param {{ userFolder: string, pairs: Array<{ shape: keyof typeof SHAPES, flows: { package: any, anchor: any } }>,
 *   tasks: number, durations: number[], engine?: string, env?: Record<string, string>, cpuSplit?: boolean, log: (line: string) => void }} opts
 */
export async function callbackRows(
	emulator,
	{ userFolder, pairs, tasks, durations, engine, env = {}, cpuSplit, log },
) {
	const port = await freePort();
	const profiler = cpuSplit ? profilerEnv(userFolder) : undefined;
	// The resume URL n8n puts in each task: its own port on loopback, where the emulator reaches it.
	const base = `http://127.0.0.1:${port}`;
	log(`Starting n8n (n8n start${engine ? `, engine ${engine}` : ''}) for the callback rows…`);
	const server = await startN8n({
		userFolder,
		port,
		env: {
			...ownerEnv(DEMO_OWNER),
			N8N_WEBHOOK_URL: `${base}/`,
			...(engine ? { N8N_EXPRESSION_ENGINE: engine } : {}),
			...env,
			...profiler,
		},
		timeoutMs: 5 * 60_000,
	});
	try {
		const session = await login(server.baseUrl, DEMO_OWNER);
		for (const flow of pairs.flatMap((pair) => Object.values(pair.flows)))
			await activate(session, flow.id, webhookOf(base, flow));
		const batch = {
			emulator,
			session,
			base,
			tasks,
			engine: engineOf(server.child.pid),
			pids: () => [server.child.pid],
			profiled: profiler
				? profiled(server.child.pid, profiler.BENCH_PROFILE_DIR, server.baseUrl)
				: undefined,
			log,
		};
		const rows = [];
		for (const seconds of durations)
			for (const { shape, flows } of pairs)
				rows.push(...(await anchoredRows({ ...batch, shape, flows }, seconds)));
		return rows;
	} finally {
		await server.stop();
	}
}

/** The production webhook of a workflow whose first node is its Webhook trigger. */
export const webhookOf = (base, flow) => `${base}/webhook/${flow.nodes[0].parameters.path}`;

/** How the callbacks reached n8n, one line per callback row. */
export function callbackNotes(rows) {
	const callbackRows = rows.filter((row) => row.callbacks);
	const legend = `callback rows: started at once by webhook; its span ends at the last callback answered (or queryTask, if later), its n8n execution runs from the first execution's start to the last one's end; "in time" is an answer (any status) within the service's ${CALLBACK_TIMEOUT_MS / 1000} s; "last result" is the last execution's success after the last task's end`;
	return (callbackRows.length ? [legend] : []).concat(
		callbackRows.map((row) => {
			const c = row.callbacks;
			const refused = c.failedAttempts
				? `${c.failedAttempts} attempts not 2xx ${JSON.stringify(c.failures)}, retried by the emulator (up to attempt ${c.mostAttempts}); answers ${JSON.stringify(c.refusals)}`
				: 'none refused';
			return `${row.name}${row.mode ? ` (${row.mode} mode)` : ''}, ${SHAPES[row.shape].label(row.tasks)}, T = ${row.seconds} s: ${c.inTime} of ${c.attempts} deliveries answered in time (slowest ${(c.slowestMs / 1000).toFixed(1)} s), ${c.retries} retries; ${c.answered} of ${row.tasks} tasks answered 2xx at n8n's resume URL (${c.resumeBase}<execution>); ${refused}; last result ${timesT(row.lastResult)} after the last task's end (${timesT(row.resultSpan)} after the first createTask); createTask ${row.creates} (${row.createdTwice} twice), queryTask ${row.queries}`;
		}),
	);
}

/**
 * Activates the workflow, unless an earlier n8n run on the folder did (the callback rows start one
 * per engine), and waits until its webhook takes calls: n8n 2.x publishes an activation through
 * an outbox it polls every 15 s, so the activate answer comes first. A CORS preflight asks which
 * methods the path takes without starting an execution.
 */
export async function activate(session, workflowId, webhookUrl) {
	const saved = (await session.request('GET', `/rest/workflows/${workflowId}`)).json?.data;
	if (!saved?.active) await activateWorkflow(session, workflowId);
	await webhookRegistered(webhookUrl);
}

/**
 * `tasks` tasks of `seconds` on a fresh emulator, started in the `shape` of SHAPES through the
 * active workflow's production webhook, until every execution has finished: `base` is where
 * n8n's webhooks and resume URLs point (queue-rows.mjs: a queue's webhook process), `wait` the
 * row's name and the node whose output delivers the tasks.
 */
export async function callbackBatch(
	{ emulator, session, flow, wait, base, tasks, shape, log },
	seconds,
) {
	await emulator.control('/reset', {});
	await emulator.control('/settings', { taskDurationMs: seconds * 1000 });
	log(`${wait.name}: ${SHAPES[shape].label(tasks)} of ${seconds} s…`);
	const after = (await executionsAfter(session, flow.id, undefined, 1))[0]?.id ?? '0';
	const executions = SHAPES[shape].executions(tasks);
	const bodies = SHAPES[shape].bodies(tasks);
	const { started, refused } = await startExecutions(webhookOf(base, flow), bodies);
	const watch = { session, emulator, workflowId: flow.id, after, count: started };
	const finished = await untilFinished(watch, resumeBound(seconds));
	const runs = await Promise.all(finished.map((execution) => readRun(session, execution.id)));
	const requestLog = await emulator.control('/requests');
	const resumeBase = `${base}/webhook-waiting/`;
	const callbacks = {
		...callbackDeliveries(await emulator.control('/webhooks'), requestLog, resumeBase),
		resumeBase,
	};
	// The span ends at the last queryTask (each callback's one verification read) or at the last
	// callback answered, when later: the node answers after that read, so usually the latter.
	const requests = measureRequests(requestLog, {
		tasks,
		durationMs: seconds * 1000,
		endsAt: callbacks.lastAnswered,
	});
	const delivered = deliveredTasks(oneRun(runs, wait.node), wait.node);
	// The last result is in the workflow when the last execution succeeded (none while one still waits).
	const lastEnd = Math.max(...(await emulator.control('/tasks')).map((clock) => clock.endTime));
	const lastStop = Math.max(...runs.map((run) => Date.parse(run.stoppedAt)));
	const result =
		finished.length === executions
			? {
					lastResult: (lastStop - lastEnd) / (seconds * 1000),
					resultSpan: (lastStop - requests.startedAt) / (seconds * 1000),
				}
			: {};
	const problem =
		refused ?? callbackProblem({ executions, tasks, finished, callbacks, requests, delivered });
	return {
		name: wait.name,
		shape,
		seconds,
		tasks,
		createInputs: createInputs(requestLog),
		...requests,
		...delivered,
		...result,
		callbacks,
		problem,
	};
}

/**
 * How long the executions may take to finish: starting 100 executions takes n8n 10-15 s, and after
 * the service's last retry of the last task's callback (36 s after its end, each attempt waiting up
 * to 10 s for its answer) only an execution's own Timeout (60 minutes) can resume it.
 */
const resumeBound = (seconds) => (seconds * 3 + 240) * 1000;

/** What the first createTask asked for besides its prompt, as JSON (the anchor's must match). */
function createInputs(requestLog) {
	const create = requestLog.find((entry) => entry.path === '/api/v1/jobs/createTask');
	const { prompt, ...inputs } = create?.body?.inputs ?? {};
	return JSON.stringify({ model: create?.body?.model, inputs });
}

/** A multiple of T, or why there is none. */
export const timesT = (value) =>
	value === undefined ? 'never (an execution still waits)' : `${value.toFixed(3)} x T`;

/** A lost or doubled task as in the other rows, or an execution or callback that did not come through. */
function callbackProblem({ executions, tasks, finished, callbacks, requests, delivered }) {
	if (finished.length !== executions)
		return `${finished.length} of ${executions} executions finished in time`;
	const lost = lostOrTwice(requests, delivered, tasks);
	if (lost) return lost;
	if (callbacks.elsewhere > 0)
		return `${callbacks.elsewhere} tasks were created with a callBackUrl that is not n8n's resume URL`;
	if (callbacks.answered !== tasks)
		return `${callbacks.answered} of ${tasks} tasks' callbacks were answered 2xx by n8n`;
	return undefined;
}

/** POSTs each body to the workflow's production webhook, all at once: how many started, why others did not. */
async function startExecutions(url, bodies) {
	const post = (body) =>
		fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		})
			.then(async (res) => (res.ok ? undefined : `${res.status} ${await res.text()}`))
			.catch((error) => error.message);
	const failures = (await Promise.all(bodies.map(post))).filter(Boolean);
	return {
		started: bodies.length - failures.length,
		refused: failures.length
			? `${failures.length} of ${bodies.length} webhook calls failed (${failures[0]})`
			: undefined,
	};
}

/** The workflow's executions newer than id `after` with one of `statuses`, newest first (n8n pages by 100). */
async function executionsAfter(session, workflowId, after, limit = Infinity, statuses = undefined) {
	const found = [];
	for (let lastId; found.length < limit;) {
		const filter = {
			workflowId,
			...(statuses ? { status: statuses } : { status: [...FINISHED, 'new', 'running', 'waiting'] }),
		};
		const range = {
			limit: String(Math.min(limit, 100)),
			...(after ? { firstId: String(after) } : {}),
			...(lastId ? { lastId: String(lastId) } : {}),
		};
		const answer = await whileNotReady(() =>
			session.request(
				'GET',
				`/rest/executions?${new URLSearchParams({ filter: JSON.stringify(filter), ...range })}`,
			),
		);
		const page = answer.json?.data?.results;
		if (!page)
			throw new Error(
				`GET /rest/executions answered ${answer.status}: ${answer.text.slice(0, 300)}`,
			);
		found.push(...page);
		if (page.length < 100) break;
		lastId = page.at(-1).id;
	}
	return found;
}

/** An execution as readExecution reads it, read again while n8n cannot answer (503), for at most a minute. */
async function readRun(session, executionId) {
	for (const deadline = Date.now() + 60_000; ; await sleep(1000))
		try {
			return await readExecution(session, executionId);
		} catch (error) {
			if (Date.now() > deadline) throw error;
		}
}

/**
 * A request to n8n, asked again while it answers 503 (its SQLite database "not ready" while 100
 * executions start at once), for at most a minute.
 */
async function whileNotReady(request) {
	for (const deadline = Date.now() + 60_000; ; await sleep(1000)) {
		const answer = await request();
		if (answer.status !== 503 || Date.now() > deadline) return answer;
	}
}

/**
 * Polls until `count` executions newer than `after` have finished, or the time is up, or the
 * service has given up a callback and no execution has finished for LOST_GRACE_MS (one waiting
 * for that callback can end only at its Timeout; a callback answered too late may still have
 * resumed its execution, so finishing ones keep the wait going); those finished.
 */
async function untilFinished({ session, emulator, workflowId, after, count }, timeoutMs) {
	const attempts = (await emulator.control('/settings')).webhookRetryDelaysMs.length + 1;
	let stall = { count: -1, since: Date.now() };
	for (const deadline = Date.now() + timeoutMs; ; await sleep(1000)) {
		const finished = await executionsAfter(session, workflowId, after, Infinity, FINISHED);
		if (finished.length >= count || Date.now() > deadline) return finished;
		if (finished.length !== stall.count) stall = { count: finished.length, since: Date.now() };
		else if (
			Date.now() - stall.since > LOST_GRACE_MS &&
			(await callbackGivenUp(emulator, attempts))
		)
			return finished;
	}
}

/** How long no execution may finish, once a callback is lost, before the row ends. */
const LOST_GRACE_MS = 30_000;

/** Whether the service has sent some task's last callback attempt and none was answered 2xx. */
async function callbackGivenUp(emulator, attempts) {
	const log = await emulator.control('/webhooks');
	const accepted = new Set(
		log.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.taskId),
	);
	return log.some((a) => a.attempt >= attempts && !accepted.has(a.taskId));
}
