// The production queue template (examples/video-queue*.json) in a running n8n: the workflows as
// shipped, their Schedule and Manual Triggers swapped for one Webhook so a test starts a run as
// the schedule would; the `video_queue` Data Table read and filled through n8n's REST API.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { findQueueTable } from '../../scripts/n8n/seed-queue-table.mjs';
import { activeWorkflow, runIn, until, webhookNode } from './crash.mjs';

const EXAMPLES = fileURLToPath(new URL('../../examples', import.meta.url));
const TABLE = 'video_queue';
const TRIGGERS = ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.manualTrigger'];

export const template = (file) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));

/**
 * A shipped workflow with its triggers replaced by one Webhook (named as its first trigger, so
 * every connection stays), saved and activated; `settings` change values of its Settings node as
 * a user would. `run()` starts it and waits until it ended.
 */
export async function queueWorkflow(server, file, { name, settings = {} } = {}) {
	const workflow = template(file);
	for (const field of workflow.nodes.find((node) => node.name === 'Settings')?.parameters
		.assignments.assignments ?? [])
		if (field.name in settings) field.value = settings[field.name];
	const triggers = workflow.nodes.filter((node) => TRIGGERS.includes(node.type));
	const [first] = triggers;
	const hookPath = `queue-${randomUUID()}`;
	const nodes = workflow.nodes.map((node) =>
		node === first ? webhookNode(first.name, hookPath, first.position) : node,
	);
	const dropped = new Set(triggers.slice(1).map((node) => node.name));
	const connections = Object.fromEntries(
		Object.entries(workflow.connections).filter(([from]) => !dropped.has(from)),
	);
	const saved = await activeWorkflow(
		server,
		{
			name: name ?? workflow.name,
			nodes: nodes.filter((node) => !dropped.has(node.name)),
			connections,
			settings: workflow.settings,
		},
		hookPath,
	);
	return {
		...saved,
		/** Starts a run; resolves with its id and its saved data once it ended. */
		run: async (timeoutMs = 5 * 60_000) => {
			const id = await saved.start();
			return { id, run: await ended(server, id, timeoutMs) };
		},
	};
}

export const ended = async (server, executionId, timeoutMs = 5 * 60_000) =>
	await runIn(server, executionId, ['success', 'error', 'crashed', 'canceled'], timeoutMs);

/** The queue table's id and project, or undefined when there is none. */
export async function findTable(server) {
	const table = await findQueueTable(server);
	return table && { id: table.id, projectId: table.projectId, base: tableBase(table) };
}

const tableBase = (table) => `/rest/projects/${table.projectId}/data-tables/${table.id}`;

/** The table's columns as the setup workflow creates them (the one place they are listed). */
export function tableColumns() {
	const create = template('video-queue-setup.json').nodes.find(
		(node) => node.parameters.resource === 'table',
	);
	return create.parameters.columns.column;
}

/** A new, empty queue table (any earlier one deleted) holding `rows` (status `new` unless set). */
export async function freshTable(server, rows) {
	const old = await findTable(server);
	if (old) await ok(server, 'DELETE', old.base);
	const projectId = await personalProject(server);
	const created = await ok(server, 'POST', `/rest/projects/${projectId}/data-tables`, {
		name: TABLE,
		columns: tableColumns(),
	});
	const table = { id: created.id, projectId, base: tableBase({ ...created, projectId }) };
	if (rows.length) await insertRows(server, table, rows);
	return table;
}

export async function insertRows(server, table, rows) {
	await ok(server, 'POST', `${table.base}/insert`, {
		data: rows.map((row) => ({ status: 'new', ...row })),
	});
}

/** Every row, oldest first. */
export async function tableRows(server, table) {
	const rows = [];
	for (let skip = 0; ; skip += 250) {
		const page = await ok(server, 'GET', `${table.base}/rows?take=250&skip=${skip}`);
		rows.push(...page.data);
		if (rows.length >= page.count || page.data.length === 0)
			return rows.sort((a, b) => a.id - b.id);
	}
}

async function personalProject(server) {
	const answer = await ok(server, 'GET', '/rest/projects/personal');
	return answer.id;
}

async function ok(server, method, url, body) {
	const answer = await server.request(method, url, body);
	if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
	return answer.json?.data;
}

/** `count` prompts unique to one test (`tag`), so the emulator's log tells its creates apart. */
export const queuePrompts = (tag, count) =>
	Array.from({ length: count }, (_, index) => `queue row ${index + 1}, a calm sea (${tag})`);

/** Settings that let a test's rows all go in one run: 20 rows, no budget in the way. */
export const ROOMY = { batchSize: 20, dailyBudget: 100_000 };

/** Rows of 4-second videos (80 credits each on sd2-mini) for these prompts. */
export const rowsFor = (prompts) => prompts.map((prompt) => ({ prompt, seconds: 4 }));

export const statuses = (rows) => rows.map((row) => row.status);

/**
 * Two runs of `queue` on `table` at once: the second starts once the first has claimed a row, so
 * both are in their create loops together (the creates must be held long enough: the test's job).
 * Resolves with both execution ids once the second has started.
 */
export async function overlappingRuns(server, queue, table) {
	const first = await queue.start();
	await until(
		async () => ((await tableRows(server, table)).some((row) => row.claimedBy) ? true : undefined),
		'the first run to claim a row',
		120_000,
	);
	return [first, await queue.start()];
}

/**
 * `count` runs of `queue`, each started during a create of the runs before it: a run starts once
 * the service has received one more create than when the run before it started, a create the
 * test holds at the service (so that run's create is still on its way). `createsSoFar()` counts
 * the creates the service received for the test's rows. Resolves with every run's execution id.
 */
export async function runsDuringCreates(queue, createsSoFar, count = 2) {
	const ids = [await queue.start()];
	for (let seen = 0; ids.length < count; ids.push(await queue.start())) {
		const before = seen;
		seen = await until(
			async () => {
				const creates = await createsSoFar();
				return creates > before ? creates : undefined;
			},
			`run ${ids.length}'s create on its way`,
			120_000,
		);
	}
	return ids;
}
