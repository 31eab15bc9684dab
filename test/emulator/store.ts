import type { CreateTaskRequest } from '../../nodes/shared/rules/index';
import type { MediaFacts } from './rules/index';

/** Everything the emulator remembers; one instance per running emulator, replaced on reset. */

export interface Account {
	apiKey: string;
	/** Balance in credits; video charges leave it at submission, refundable ones on completion. */
	credits: number;
	/** Credits reserved by running refundable work (image tasks, upscales): not spendable. */
	held: number;
	compatBalance: number;
	markupRate: number;
	/** Spec code ACCOUNT_FROZEN: the account may not spend credits (set through the control API). */
	frozen?: boolean;
}

/** What a finished task or upscale produces; the bytes are made when first downloaded. */
export interface OutputPlan {
	kind: 'video' | 'image';
	format: string;
	width: number;
	height: number;
	seconds?: number;
	/** Videos: a sound track (generate_audio / generateAudio true or not given). */
	audio?: boolean;
}

export interface Task {
	taskId: string;
	orderId: string;
	owner: string;
	model: string;
	/** The request as the caller sent it (logged, shown in relations). */
	request: CreateTaskRequest;
	/** Media facts the task was validated and billed with; a final reuses its draft's. */
	media: MediaFacts;
	draft: boolean;
	draftSourceOrderId?: string;
	plan: OutputPlan;
	creditsUsed: number;
	/** Image tasks: the charge is held until the end and refunded on failure. */
	refundable: boolean;
	createTime: number;
	durationMs: number;
	fails: boolean;
	callBackUrl?: string;
	/** Origin the caller used, so output urls point where the caller can reach them. */
	origin: string;
	completeTime: number | null;
	fileId?: string;
}

export type AssetType = 'IMAGE' | 'VIDEO' | 'AUDIO';

/** Facts read from the file's own headers (or synthesised for a url the emulator cannot fetch). */
export interface AssetInfo {
	format?: string;
	bytes?: number;
	width?: number;
	height?: number;
	seconds?: number;
	hasAlpha?: boolean;
	readable: boolean;
}

export interface Asset {
	assetId: number;
	/** null for alternative-family uploads, which are referenced by url instead. */
	providerAssetId: string | null;
	owner: string;
	type: AssetType;
	name: string;
	url: string;
	createdAt: number;
	reviewDoneAt: number;
	rejected: boolean;
	info: AssetInfo;
	fileId?: string;
}

export interface UpscaleFailure {
	code: string;
	message: string;
	/** Found while validating (before any charge) rather than while processing. */
	atValidation: boolean;
}

export interface Upscale {
	taskId: string;
	orderId: string;
	owner: string;
	targetResolution: string;
	createdAt: number;
	validateMs: number;
	durationMs: number;
	cost: number;
	failure?: UpscaleFailure;
	source?: { seconds: number; width: number; height: number };
	plan?: OutputPlan;
	callBackUrl?: string;
	origin: string;
	finishedAt: number | null;
	fileId?: string;
}

export interface CompatTask {
	id: string;
	owner: string;
	model: string;
	createdAt: number;
	durationMs: number;
	fails: boolean;
	ratio: string;
	duration: number;
	resolution: string;
	plan: OutputPlan;
	tokens: number;
	origin: string;
	finishedAt: number | null;
	cost?: number;
	fileId?: string;
}

export interface CompatGroup {
	id: number;
	officialId: string;
	owner: string;
	name: string;
	description?: string;
	createdAt: number;
}

export interface CompatAsset {
	id: number;
	officialId: string;
	owner: string;
	groupId: string;
	name: string;
	url: string;
	createdAt: number;
	reviewDoneAt: number;
	rejected: boolean;
	deleted: boolean;
}

export class Store {
	readonly accounts = new Map<string, Account>();

	readonly tasks = new Map<string, Task>();

	readonly taskByOrder = new Map<string, Task>();

	readonly assets = new Map<number, Asset>();

	readonly upscales = new Map<string, Upscale>();

	readonly compatTasks = new Map<string, CompatTask>();

	readonly compatAssets = new Map<string, CompatAsset>();

	readonly groups = new Map<string, CompatGroup>();

	private sequence = 0;

	/** Numeric record ids (assets, groups), increasing so they double as list cursors. */
	nextNumber(): number {
		this.sequence += 1;
		return this.sequence;
	}

	addTask(task: Task): void {
		this.tasks.set(task.taskId, task);
		this.taskByOrder.set(task.orderId, task);
	}
}

export const DEMO_ACCOUNT: Account = {
	apiKey: 'demo-key',
	credits: 1_000_000,
	held: 0,
	compatBalance: 1000,
	markupRate: 1,
};
