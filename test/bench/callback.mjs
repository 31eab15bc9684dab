// The benchmark's callback rows: Create Video waiting Until the Service Calls Back
// (workflows/package-callback.json) in `n8n start`, as only a running server receives the callbacks
// at the executions' resume URLs. That mode holds ONE task per execution and refuses more items
// before sending anything, so a batch of N tasks is N executions of the active workflow, started
// together through its production webhook, each with its own prompt (so a task created twice
// shows). Plain Node ESM.
import { DEMO_OWNER, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow, readExecution, webhookRegistered } from '../../scripts/n8n/rest.mjs';
import { freePort, startN8n } from '../../scripts/n8n/run.mjs';
import {
	callbackDeliveries,
	deliveredTasks,
	lostOrTwice,
	measureRequests,
	oneRun,
} from './measure.mjs';

const NAME = 'Create Video (callback wait)';
const NODE = 'Create Video';
const FINISHED = ['success', 'error', 'crashed', 'canceled'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One row per duration, on one n8n server over `userFolder` (stopped before returning, so the
 * CLI runs that follow have the database to themselves).
 * @param {{ control: (path: string, body?: unknown) => Promise<any> }} emulator
 * @param {{ userFolder: string, flow: any, tasks: number, durations: number[], log: (line: string) => void }} opts
 */
export async function callbackRows(emulator, { userFolder, flow, tasks, durations, log }) {
	const port = await freePort();
	// The resume URL n8n puts in each task: its own port on loopback, where the emulator reaches it.
	const base = `http://127.0.0.1:${port}`;
	log('Starting n8n (n8n start) for the callback rows…');
	const server = await startN8n({
		userFolder,
		port,
		env: { ...ownerEnv(DEMO_OWNER), N8N_WEBHOOK_URL: `${base}/` },
		timeoutMs: 5 * 60_000,
	});
	try {
		const session = await login(server.baseUrl, DEMO_OWNER);
		const webhook = `${base}/webhook/${flow.nodes[0].parameters.path}`;
		await activate(session, flow.id, webhook);
		const batch = { emulator, session, flow, base, webhook, tasks, log };
		const rows = [];
		for (const seconds of durations) rows.push(await callbackBatch(batch, seconds));
		return rows;
	} finally {
		await server.stop();
	}
}

/** How the callbacks reached n8n, one line per callback row. */
export function callbackNotes(rows) {
	const callbackRows = rows.filter((row) => row.callbacks);
	const legend = `${NAME}: one task per execution (the mode refuses a batch), N executions started at once by webhook; its span ends at the last callback answered (or queryTask, if later), its n8n execution runs from the first one's start to the last one's end`;
	return (callbackRows.length ? [legend] : []).concat(
		callbackRows.map(({ seconds, tasks, callbacks: c }) => {
			const refused = c.failedAttempts
				? `${c.failedAttempts} attempts refused ${JSON.stringify(c.failures)}, retried by the emulator (up to attempt ${c.mostAttempts})`
				: 'none refused';
			return `callbacks at T = ${seconds} s: ${c.answered} of ${tasks} tasks answered 2xx at n8n's resume URL (${c.resumeBase}<execution>); ${refused}`;
		}),
	);
}

/**
 * Activates the workflow and waits until its webhook takes calls: n8n 2.x publishes an activation
 * through an outbox it polls every 15 s, so the activate answer comes first. A CORS preflight
 * asks which methods the path takes without starting an execution.
 */
export async function activate(session, workflowId, webhookUrl) {
	await activateWorkflow(session, workflowId);
	await webhookRegistered(webhookUrl);
}

/**
 * N executions at once on a fresh emulator whose tasks take `seconds`, until all have finished:
 * `base` is where n8n's resume URLs point (its webhook URL), `webhook` the active workflow's
 * production webhook (queue-rows.mjs runs it on a queue's webhook process).
 */
export async function callbackBatch(
	{ emulator, session, flow, base, webhook, tasks, log },
	seconds,
) {
	await emulator.control('/reset', {});
	await emulator.control('/settings', { taskDurationMs: seconds * 1000 });
	log(`${NAME}: ${tasks} executions of one ${seconds} s task…`);
	const after = (await executionsAfter(session, flow.id, undefined, 1))[0]?.id ?? '0';
	const { started, refused } = await startExecutions(webhook, tasks);
	const finished = await untilFinished(
		session,
		flow.id,
		after,
		started,
		(seconds * 10 + 300) * 1000,
	);
	const runs = await Promise.all(finished.map((execution) => readExecution(session, execution.id)));
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
	const delivered = deliveredTasks(oneRun(runs, NODE), NODE);
	const problem = refused ?? callbackProblem({ tasks, finished, callbacks, requests, delivered });
	return { name: NAME, seconds, tasks, ...requests, ...delivered, callbacks, problem };
}

/** A lost or doubled task as in the other rows, or an execution or callback that did not come through. */
function callbackProblem({ tasks, finished, callbacks, requests, delivered }) {
	if (finished.length !== tasks)
		return `${finished.length} of ${tasks} executions finished in time`;
	const lost = lostOrTwice(requests, delivered, tasks);
	if (lost) return lost;
	if (callbacks.elsewhere > 0)
		return `${callbacks.elsewhere} tasks were created with a callBackUrl that is not n8n's resume URL`;
	if (callbacks.answered !== tasks)
		return `${callbacks.answered} of ${tasks} tasks' callbacks were answered 2xx by n8n`;
	return undefined;
}

/** POSTs the workflow's production webhook `tasks` times at once, one prompt each: how many started, why others did not. */
async function startExecutions(url, tasks) {
	const post = (index) =>
		fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ prompt: `bench callback ${index}` }),
		})
			.then(async (res) => (res.ok ? undefined : `${res.status} ${await res.text()}`))
			.catch((error) => error.message);
	const failures = (
		await Promise.all(Array.from({ length: tasks }, (_, index) => post(index)))
	).filter(Boolean);
	return {
		started: tasks - failures.length,
		refused: failures.length
			? `${failures.length} of ${tasks} webhook calls failed (${failures[0]})`
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
		const answer = await session.request(
			'GET',
			`/rest/executions?${new URLSearchParams({ filter: JSON.stringify(filter), ...range })}`,
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

/** Polls until `count` executions newer than `after` have finished, or the time is up; those finished. */
async function untilFinished(session, workflowId, after, count, timeoutMs) {
	for (const deadline = Date.now() + timeoutMs; ; await sleep(1000)) {
		const finished = await executionsAfter(session, workflowId, after, Infinity, FINISHED);
		if (finished.length >= count || Date.now() > deadline) return finished;
	}
}
