// The demo's production queue (examples/video-queue*.json) starts with its table: when the n8n
// the demo serves has no `video_queue` Data Table, the setup example runs once, as a person clicks
// Execute workflow on it. A table from an earlier start is kept, rows and all. Plain Node ESM.
import { readExecution } from './rest.mjs';

const SETUP = { id: 'ugExVideoQueue10', trigger: 'Run Once' };
const TABLE = 'video_queue';

/**
 * @param {{ request: Function }} session a logged-in session of the running n8n
 * @param {(line: string) => void} log
 */
export async function seedQueueTable(session, log) {
	if (await findQueueTable(session)) {
		log(`The production queue's Data Table ${TABLE} is there from an earlier start: kept.`);
		return;
	}
	const started = await session.request('POST', `/rest/workflows/${SETUP.id}/run`, {
		triggerToStartFrom: { name: SETUP.trigger },
	});
	const executionId = started.json?.data?.executionId;
	if (!executionId)
		throw new Error(`running ${SETUP.id} answered ${started.status}: ${started.text}`);
	for (const deadline = Date.now() + 60_000; Date.now() < deadline; await delay(500)) {
		const { status } = await readExecution(session, executionId);
		if (status === 'success') return log(`Made the Data Table ${TABLE} with 5 sample rows.`);
		if (['error', 'crashed', 'canceled'].includes(status))
			throw new Error(`the setup workflow ${SETUP.id} ended ${status} (execution ${executionId})`);
	}
	throw new Error(`the setup workflow ${SETUP.id} did not end within a minute`);
}

/**
 * The `video_queue` Data Table as n8n lists it ({ id, projectId, name, … }), or undefined.
 * @param {{ request: Function }} session
 */
export async function findQueueTable(session) {
	const filter = encodeURIComponent(JSON.stringify({ name: TABLE }));
	const answer = await session.request('GET', `/rest/data-tables-global?filter=${filter}&take=10`);
	return (answer.json?.data?.data ?? []).find((entry) => entry.name === TABLE);
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
