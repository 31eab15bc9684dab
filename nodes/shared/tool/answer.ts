import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { compatVideoUrls } from '../tasks/compat-content';

type Run = (ctx: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/** The node's fields the answer reads (nodes/settings/tool.ts): Download Result Files, and Compat Task's Resource. */
export interface AnswerSettings {
	keepBinary: boolean;
	resource: string;
}

/** What became of a task, in the words the answer gives a model. */
type State =
	| 'completed'
	| 'failed'
	| 'running'
	| 'not created'
	| 'may have been created'
	| 'skipped'
	| 'unknown';

/** How a tool's items name their task, and which tool reads it later: a compat task's is Compat Task itself. */
interface TaskWords {
	idField: string;
	reader: string;
}

function taskWordsOf(ctx: IExecuteFunctions, { resource }: AnswerSettings): TaskWords {
	if (!ctx.getNode().type.endsWith('compatTaskTool'))
		return {
			idField: 'taskId',
			reader: 'the Wait For Task tool (Get Task, or Wait for Tasks to wait again)',
		};
	const tasks = resource === 'task';
	return { idField: tasks ? 'id' : 'taskId', reader: 'a Compat Task tool set to Task → Get' };
}

/**
 * A tool call: n8n hands the caller only the node's first output (docs/agents.md), so every item of
 * every output comes back in one, in input order, each task told in words a model can act on. An
 * item's failure is an answer, not a thrown error: the model must learn the ids that exist. No
 * binary data unless the tool downloads on purpose (a model never receives it).
 */
export async function runTool(
	ctx: IExecuteFunctions,
	run: Run,
	settings: AnswerSettings,
	phases: string[] = [],
): Promise<INodeExecutionData[][]> {
	const outputs = await run(answering(ctx));
	const { keepBinary } = settings;
	const items = outputs.flatMap((items, output) =>
		items.map((item) => ({ item, phase: phases[output] })),
	);
	items.sort((a, b) => indexOf(a.item) - indexOf(b.item));
	const words = taskWordsOf(ctx, settings);
	return [
		items.map(({ item, phase }) => ({
			json: answerOf(item.json, words, phase),
			...(keepBinary && item.binary ? { binary: item.binary } : {}),
			pairedItem: item.pairedItem,
		})),
	];
}

/** The node's context with Continue On Fail on: each item's error becomes part of the answer. */
function answering(ctx: IExecuteFunctions): IExecuteFunctions {
	return new Proxy(ctx, {
		get(target, property) {
			if (property === 'continueOnFail') return () => true;
			const value = Reflect.get(target, property, target) as unknown;
			return typeof value === 'function'
				? (value as (...args: unknown[]) => unknown).bind(target)
				: value;
		},
	});
}

const indexOf = (item: INodeExecutionData) => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'object' && paired ? paired.item : 0;
};

/** One item as a model reads it; an item that is no task and no error (credits, an asset) stays as it is. */
export function answerOf(json: IDataObject, words: TaskWords, phase?: string): IDataObject {
	const id = json.taskId ?? json[words.idField];
	if (id === undefined && json.error === undefined) return json;
	const state = stateOf(json, phase);
	const urls = resultUrls(json);
	// a task still running is no error for a model: `next` says to read it later
	const error = state === 'running' ? '' : sentences(json.error, json.errorDescription);
	return {
		...(id === undefined ? {} : { taskId: id }),
		state,
		...pick(json, ['orderId', 'model', 'status', 'assetUri']),
		...pick(json, ['creditsUsed', 'estimatedCredits']),
		...(urls.length > 0 ? { resultUrl: urls[0], resultUrls: urls } : {}),
		...(error ? { error } : {}),
		next: nextStep(state, words.reader, id, urls[0]),
	};
}

function stateOf(json: IDataObject, phase?: string): State {
	if (json.skipped === true) return 'skipped';
	const created = json.taskCreated ?? json.assetCreated;
	if (created === 'no') return 'not created';
	if (created === 'unknown') return 'may have been created';
	switch (json.outcome) {
		case 'succeeded':
		case 'downloadFailed':
			return 'completed';
		case 'failed':
			return 'failed';
		case 'timedOut':
		case 'cancelled':
			return 'running';
		case 'error':
			return 'unknown';
	}
	if (phase === 'completed' || phase === 'failed' || phase === 'running') return phase;
	const status = typeof json.status === 'string' ? json.status.toLowerCase() : undefined;
	if (status && DONE.includes(status)) return 'completed';
	if (status && FAILED.includes(status)) return 'failed';
	// a status read before the task ended (a wait that ran out), or none yet (Return at Once)
	if (status || json.error === undefined) return 'running';
	return 'unknown';
}

/** The services' terminal statuses (generation COMPLETED/FAILED, compat succeeded/failed, upscale completed/failed), lower case. */
const DONE = ['completed', 'succeeded'];
const FAILED = ['failed', 'expired', 'cancelled'];

function nextStep(state: State, reader: string, id: unknown, url?: string): string {
	const task = id === undefined ? 'it' : `taskId "${String(id)}"`;
	switch (state) {
		case 'completed':
			return url
				? `Finished: give the user resultUrl (${url}).`
				: 'Finished: nothing more to call.';
		case 'failed':
			return 'The task failed for the reason in error. A failed video generation is billed all the same (failed images and upscales are refunded); only call a Create tool again if the user asks for a new, paid attempt.';
		case 'running':
			return `Still running: call ${reader} with ${task} to learn its result; do not create it again (that pays twice).`;
		case 'not created':
			return 'Nothing was created or charged: fix what error says, or tell the user.';
		case 'may have been created':
			return "The service's answer was lost, so the task may exist and be billed: do not create it again; ask the user to look for it in n8n's log or the service's console.";
		case 'skipped':
			return 'Not sent: an earlier run already created this request, so nothing was charged now.';
		default:
			return `Its state could not be read: call ${reader} with ${task} later.`;
	}
}

/** Result URLs as each kind of task gives them: generation `output`, upscale `result`, compat `content`, Simplify's `videoUrl`. */
function resultUrls(json: IDataObject): string[] {
	const output = Array.isArray(json.output) ? (json.output as IDataObject[]) : [];
	const result = json.result as IDataObject | null | undefined;
	const found = [
		...output.map((file) => file?.url),
		result?.url,
		...compatVideoUrls(json.content),
		json.videoUrl,
	];
	return [...new Set(found.filter((url): url is string => typeof url === 'string' && url !== ''))];
}

/** An error and its description as sentences (n8n's messages end without a full stop). */
const sentences = (...parts: unknown[]) =>
	parts
		.filter((part): part is string => typeof part === 'string' && part !== '')
		.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
		.join(' ');

const pick = (json: IDataObject, names: string[]): IDataObject =>
	Object.fromEntries(names.filter((name) => json[name] != null).map((name) => [name, json[name]]));
