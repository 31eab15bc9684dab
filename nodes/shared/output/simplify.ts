import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { COMPAT, TASK, findModel } from '../catalog';
import { epochMs, urlsOf } from '../tasks/answers';
import { compatVideoUrls } from '../tasks/compat-content';

/** A raw time field and the ISO 8601 field that replaces it, with its unit in milliseconds. */
interface TimeField {
	raw: string;
	iso: string;
	unitMs: number;
}

/** How the items of one kind of task read when simplified (see nodes/settings/simplify.ts for what it is for). */
export interface Simplification {
	times: TimeField[];
	/** Fields another field already says in a clearer way. */
	drop?: string[];
	/** Adds what the simplified item says in its own words (e.g. the compat task's `taskId`). */
	add?: (json: IDataObject) => IDataObject;
}

/** One item simplified; an item without those fields (an error item) passes through. */
export function simplifyItem(item: INodeExecutionData, how: Simplification): INodeExecutionData {
	const json: IDataObject = { ...item.json };
	for (const { raw, iso, unitMs } of how.times) {
		if (!(raw in json)) continue;
		const ms = epochMs(json[raw], unitMs);
		delete json[raw];
		json[iso] = ms === undefined ? null : new Date(ms).toISOString();
	}
	for (const name of how.drop ?? []) delete json[name];
	return { ...item, json: { ...json, ...how.add?.(item.json) } };
}

/** Generation tasks (Create Video, Create Image): createTime and completeTime in ms since the epoch. */
export const GENERATION_SIMPLE: Simplification = {
	times: [
		{ raw: 'createTime', iso: 'createdAt', unitMs: 1 },
		{ raw: 'completeTime', iso: 'completedAt', unitMs: 1 },
	],
};

/** Create Video: a generation task, with the result video's URL as `videoUrl` as Upscale Video and Compat Task give it. */
export const VIDEO_SIMPLE: Simplification = {
	...GENERATION_SIMPLE,
	add: (json) => {
		const [url] = urlsOf(json.output, (file) => file.url);
		return url === undefined ? {} : { videoUrl: url };
	},
};

/**
 * Upscale tasks (Upscale Video): the names generation tasks use for the same things, so one
 * expression reads either kind: `completedAt` (the service's `finishedAt`), `creditsUsed` (its
 * `creditsConsumed`), an upper-case `status` (COMPLETED, not completed), and the file's URL as
 * `videoUrl` beside the `result` that holds it with the probed facts.
 */
export const UPSCALE_SIMPLE: Simplification = {
	times: [
		{ raw: 'createdAt', iso: 'createdAt', unitMs: 1 },
		{ raw: 'finishedAt', iso: 'completedAt', unitMs: 1 },
	],
	drop: ['creditsConsumed'],
	add: (json) => ({
		...('creditsConsumed' in json ? { creditsUsed: json.creditsConsumed } : {}),
		...(typeof json.status === 'string' ? { status: json.status.toUpperCase() } : {}),
		...(json.result && typeof json.result === 'object'
			? { videoUrl: (json.result as IDataObject).url ?? null }
			: {}),
	}),
};

/** A generation task read by its id: a video model's gets `videoUrl` as in Create Video's output. */
export const GENERATION_READ_SIMPLE: Simplification = {
	...GENERATION_SIMPLE,
	add: (json) =>
		findModel(String(json.model))?.kind === 'video' ? (VIDEO_SIMPLE.add?.(json) ?? {}) : {},
};

/** The simplification of a Unified Generation API task by its type (Wait For Task's and the trigger's). */
export const simplificationOf = (taskType: unknown): Simplification =>
	taskType === 'upscale' ? UPSCALE_SIMPLE : GENERATION_READ_SIMPLE;

/**
 * Compat tasks: unix seconds, the id as `taskId` only (the name every other node uses), the status
 * in a generation task's words (PROCESSING, COMPLETED, FAILED), and the video's url as `videoUrl`
 * instead of the `content` list that holds it.
 */
export const COMPAT_SIMPLE: Simplification = {
	times: [
		{ raw: 'created_at', iso: 'createdAt', unitMs: 1000 },
		{ raw: 'updated_at', iso: 'updatedAt', unitMs: 1000 },
	],
	drop: ['content', 'id'],
	add: (json) => ({
		...(typeof json.id === 'string' ? { taskId: json.id } : {}),
		...(typeof json.status === 'string' ? { status: compatStatusWord(json.status) } : {}),
		...('content' in json ? { videoUrl: videoUrlOf(json.content) } : {}),
	}),
};

const [RUNNING, SUCCEEDED, FAILED] = COMPAT.taskStatuses;
const [, PROCESSING, COMPLETED, FAILED_TASK] = TASK.statuses;
/** The same state in the Unified Generation API's word: running is PROCESSING, succeeded COMPLETED. */
const COMPAT_STATUS_WORDS: Record<string, string> = {
	[RUNNING]: PROCESSING,
	[SUCCEEDED]: COMPLETED,
	[FAILED]: FAILED_TASK,
};
/** A status the spec does not list keeps its word, in capitals like the others. */
const compatStatusWord = (status: string) => COMPAT_STATUS_WORDS[status] ?? status.toUpperCase();

/** Null only where no URL can be: a succeeded task without one is an error item (tasks/compat.ts). */
const videoUrlOf = (content: unknown): string | null => compatVideoUrls(content)[0] ?? null;

/**
 * Assets (Upload Asset): `createdAt` in ms since the epoch becomes an ISO string under the same
 * name; a list's assets inside its `items` too.
 */
export const ASSET_SIMPLE: Simplification = {
	times: [{ raw: 'createdAt', iso: 'createdAt', unitMs: 1 }],
};

export function simplifyAssetList(item: INodeExecutionData): INodeExecutionData {
	if (!Array.isArray(item.json.items)) return item;
	const items = (item.json.items as IDataObject[]).map(
		(json) => simplifyItem({ json }, ASSET_SIMPLE).json,
	);
	return { ...item, json: { ...item.json, items } };
}

/** Every output's items simplified when the node's Simplify is on (read once per execution). */
export function simplifyOutputs(
	on: boolean,
	outputs: INodeExecutionData[][],
	how: Simplification,
): INodeExecutionData[][] {
	return on ? outputs.map((items) => items.map((item) => simplifyItem(item, how))) : outputs;
}
