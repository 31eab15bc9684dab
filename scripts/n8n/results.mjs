// Reads what a workflow run produced (the JSON of `n8n execute --rawOutput`) the way a user looks
// at it in the editor: the tasks and their final states, credits, the files in binary data, errors.
// Plain Node ESM, no dependencies.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where n8n's filesystem binary-data store keeps a binary entry, or undefined when it is not on
 * disk (`filesystem-v2:workflows/<wf>/executions/<ex>/binary_data/<uuid>` → <userFolder>/.n8n/storage/…).
 * @param {string} userFolder
 * @param {{ id?: string }} binary
 */
export function binaryFilePath(userFolder, binary) {
	const id = binary?.id ?? '';
	const [mode, ...rest] = id.split(':');
	const relative = rest.join(':');
	if (!relative) return undefined;
	const root = path.join(path.resolve(userFolder), '.n8n');
	const candidates =
		mode === 'filesystem-v2'
			? [path.join(root, 'storage', relative), path.join(root, 'binaryData', relative)]
			: mode === 'filesystem'
				? [path.join(root, 'binaryData', relative)]
				: [];
	return candidates.find((file) => fs.existsSync(file));
}

/**
 * The last run of every node that ran, in execution order.
 * @param {any} run the execution JSON
 * @returns {Array<{ node: string, outputs: any[][], error?: any }>}
 */
export function nodeRuns(run) {
	const runData = run?.data?.resultData?.runData ?? {};
	return Object.entries(runData)
		.map(([node, runs]) => ({
			node,
			last: runs[runs.length - 1],
			index: runs[0]?.executionIndex ?? 0,
		}))
		.sort((a, b) => a.index - b.index)
		.map(({ node, last }) => ({ node, outputs: last?.data?.main ?? [], error: last?.error }));
}

/** A compat task's statuses (Task-Compatible Video API, States and transitions > Task): lowercase. */
const COMPAT_STATUSES = new Set(['running', 'succeeded', 'failed']);

/**
 * The task an output item reports, or undefined: `taskId` (the unified services, and any node with
 * Simplify), else a compat task's own `id` beside a compat status (an asset's `id` is a number).
 * @param {any} json
 * @returns {{ taskId: string, service: 'unified' | 'compat' } | undefined}
 */
export function taskOf(json) {
	const compat = COMPAT_STATUSES.has(json.status);
	if (typeof json.taskId === 'string')
		return { taskId: json.taskId, service: compat ? 'compat' : 'unified' };
	if (typeof json.id === 'string' && json.id && compat)
		return { taskId: json.id, service: 'compat' };
	return undefined;
}

/**
 * @typedef {{ taskId: string, service: 'unified' | 'compat', orderId?: string, model?: string, status?: string, creditsUsed?: number, estimatedCredits?: number|null, nodes: string[], error?: string }} TaskSummary
 * @typedef {{ node: string, taskId?: string, property: string, fileName?: string, mimeType?: string, bytes?: number, fileSize?: string, path?: string, inMemory: boolean }} FileSummary
 */

/**
 * What a run produced, for printing and for checks.
 * @param {any} run the execution JSON (may be undefined when n8n printed none)
 * @param {{ userFolder: string, workflow?: any }} opts
 */
export function summarizeRun(run, { userFolder, workflow } = {}) {
	const typeOf = new Map((workflow?.nodes ?? []).map((n) => [n.name, n.type]));
	/** @type {Map<string, TaskSummary>} */
	const tasks = new Map();
	/** @type {FileSummary[]} */
	const files = [];
	/** @type {Array<{ node: string, error: string }>} */
	const itemErrors = [];
	/** @type {Array<{ node: string, json: any }>} */
	const otherItems = [];
	for (const { node, outputs } of nodeRuns(run)) {
		outputs.forEach((items, outputIndex) => {
			for (const item of items ?? []) {
				const json = item.json ?? {};
				const reported = taskOf(json);
				if (reported) {
					const task = tasks.get(reported.taskId) ?? { ...reported, nodes: [] };
					for (const key of ['orderId', 'model', 'status', 'creditsUsed', 'estimatedCredits']) {
						if (json[key] !== undefined && json[key] !== null) task[key] = json[key];
					}
					// An upscale task reports what it billed as creditsConsumed.
					if (typeof json.creditsConsumed === 'number') task.creditsUsed = json.creditsConsumed;
					if (!task.nodes.includes(node)) task.nodes.push(node);
					if (json.error)
						task.error = String(
							typeof json.error === 'object' ? JSON.stringify(json.error) : json.error,
						);
					if (outputIndex > 0 && !task.error)
						task.error = `routed to output ${outputIndex + 1} of ${node}`;
					tasks.set(reported.taskId, task);
				} else if (json.error) {
					itemErrors.push({ node, error: String(json.error) });
				} else if (String(typeOf.get(node) ?? '').startsWith('n8n-nodes-unified-generation.')) {
					otherItems.push({ node, json });
				}
				for (const [property, binary] of Object.entries(item.binary ?? {})) {
					const file = binaryFilePath(userFolder, binary);
					files.push({
						node,
						taskId: reported?.taskId,
						property,
						fileName: binary.fileName,
						mimeType: binary.mimeType,
						bytes: byteCount(binary, file),
						fileSize: binary.fileSize,
						path: file,
						// n8n 1.x's default binary mode keeps the bytes in the run data, not in a store
						inMemory: !binary.id && typeof binary.data === 'string',
					});
				}
			}
		});
	}
	const error = run?.data?.resultData?.error;
	// the same task can pass through several nodes: keep each file once (last node wins)
	const uniqueFiles = [
		...new Map(files.map((f) => [`${f.taskId ?? f.node}:${f.property}:${f.fileName}`, f])).values(),
	];
	const taskList = [...tasks.values()];
	return {
		status: run?.status ?? (error ? 'error' : 'unknown'),
		error: error
			? {
					message: error.message,
					description: error.description ?? undefined,
					node: error.node?.name ?? run?.data?.resultData?.lastNodeExecuted,
				}
			: undefined,
		tasks: taskList,
		files: uniqueFiles,
		itemErrors,
		otherItems,
		creditsUsed: taskList.reduce(
			(sum, t) => sum + (typeof t.creditsUsed === 'number' ? t.creditsUsed : 0),
			0,
		),
	};
}

/**
 * How many bytes n8n holds for a binary entry: what it recorded (2.x), the file in its binary-data
 * store, or the base64 data of an entry kept in memory (1.x's default mode); undefined when unknown.
 * @param {any} binary
 * @param {string | undefined} file binaryFilePath()
 */
function byteCount(binary, file) {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (file) return fs.statSync(file).size;
	if (!binary.id && typeof binary.data === 'string')
		return Buffer.from(binary.data, 'base64').length;
	return undefined;
}

/**
 * Everything went right: the run succeeded, no item carries an error, no task failed (a task
 * created without waiting for it has no status, and that is fine) and no file is empty.
 */
export function isSuccess(summary) {
	const settled = (t) => !t.error && !/^failed$/i.test(t.status ?? '');
	return (
		summary.status === 'success' &&
		summary.itemErrors.length === 0 &&
		summary.tasks.every((t) => settled(t) && !mispriced(t)) &&
		!summary.files.some(isEmptyFile)
	);
}

/** A file stored with no bytes: a download that delivered nothing and was not reported. */
export function isEmptyFile(file) {
	return file.bytes === 0;
}

/** A task whose exact estimate differs from what the service billed: the Budget would have been wrong. */
export function mispriced(task) {
	return (
		typeof task.estimatedCredits === 'number' &&
		typeof task.creditsUsed === 'number' &&
		task.estimatedCredits !== task.creditsUsed
	);
}

/**
 * Lines describing a summary for a terminal.
 * @param {ReturnType<typeof summarizeRun>} summary
 */
export function formatSummary(summary) {
	const lines = [];
	const rel = (file) => (file ? path.relative(process.cwd(), file) || file : '(not on disk)');
	for (const task of summary.tasks) {
		const parts = [
			`${task.service === 'compat' ? 'compat task' : 'task'} ${task.taskId}`,
			task.model,
			task.status ?? 'status unknown',
			typeof task.creditsUsed === 'number' ? `creditsUsed ${task.creditsUsed}` : undefined,
			task.service === 'compat' ? '(cost settled in the compat balance)' : undefined,
			estimateNote(task),
			task.orderId ? `orderId ${task.orderId}` : undefined,
		].filter(Boolean);
		lines.push(parts.join('  '));
		if (task.error) lines.push(`    ✗ ${task.error}`);
		for (const file of summary.files.filter((f) => f.taskId === task.taskId))
			lines.push(`    file ${describeFile(file, rel)}`);
	}
	for (const file of summary.files.filter((f) => !f.taskId))
		lines.push(`file ${describeFile(file, rel)}`);
	for (const { node, json } of summary.otherItems)
		lines.push(`${node}: ${truncate(JSON.stringify(json), 300)}`);
	for (const { node, error } of summary.itemErrors) lines.push(`✗ ${node}: ${error}`);
	if (summary.error) {
		lines.push(`✗ ${summary.error.node ? `${summary.error.node}: ` : ''}${summary.error.message}`);
		if (summary.error.description) lines.push(`  ${summary.error.description}`);
	}
	return lines;
}

/** "= estimated 160" when the estimate was right, "≠ estimated 150 ✗" when not, "(not estimated)" for a null estimate. */
function estimateNote(task) {
	if (typeof task.estimatedCredits !== 'number')
		return typeof task.creditsUsed === 'number' ? '(no estimate before sending)' : undefined;
	if (typeof task.creditsUsed !== 'number') return `(estimated ${task.estimatedCredits})`;
	return mispriced(task)
		? `≠ estimated ${task.estimatedCredits} ✗`
		: `= estimated ${task.estimatedCredits}`;
}

function describeFile(file, rel) {
	const size =
		typeof file.bytes === 'number'
			? `${file.bytes.toLocaleString('en-US')} bytes`
			: (file.fileSize ?? '? bytes');
	const where = file.inMemory ? "(in the run data: n8n 1.x's default binary mode)" : rel(file.path);
	return `${file.fileName ?? file.property} (${file.mimeType ?? '?'}, ${size}) → ${where}${isEmptyFile(file) ? ' ✗ empty' : ''}`;
}

function truncate(text, max) {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
