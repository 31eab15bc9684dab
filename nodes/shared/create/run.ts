import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { waitForCallback, withResumeUrl } from '../callback/wait-mode';
import type { SkipKeyOf, SkipSettings } from '../dedupe/settings';
import type { SettledTask, WaitSettings } from '../waiting/task-waiting';
import { addHint } from '../execution/hints';
import { reserveToolBudget } from '../tool/caps';
import type { ToolCaps } from '../tool/caps';
import { stepNotInReason } from '../waiting/task-advice';
import { waitForTasks } from '../waiting/task-waiting';
import type { TaskKind, TaskReader } from '../tasks';
import { recordsOf } from '../ledger/records';
import { claimItems } from './claim';
import { reserveDailyCap, spentUnits } from './daily-cap';
import type { CapRun, DailyCap } from './daily-cap';
import type { SkippedItem } from './claim';
import { withNextStep } from './next-step';
import type { ItemFailure } from './outcomes';
import { applyBudget, planItems } from './plan';
import type { Planned, ReadyItem, RequestBuilder } from './plan';
import type { StoredWords } from '../paid-once/all-failed';
import { hasTask, mayExist, skippedReport, toOutput, toReported } from './reported';
import type { CreatedReport, Reported } from './reported';
import { rememberForRetries, replayOf, stopUnlessStored } from '../paid-once/replay';
import { flagSuspects } from '../paid-once/suspects';
import { submitAll } from './submit';
import type { SubmittedItem } from './submit';

/** A stage between planning and submitting: it may change ready items' requests and prices, or fail them (nothing created). */
export type Stage<R> = (
	ctx: IExecuteFunctions,
	ready: Array<ReadyItem<R>>,
) => Promise<Array<Planned<R>>>;

export interface CreateOptions<R> {
	/** What is created (its API paths, id field, phases). */
	kind: TaskKind<R>;
	/** One item's request(s), validated: a refusal throws before anything is sent. */
	build: RequestBuilder<R>;
	/** The node's fields for the whole run, read by its operation (nodes/settings/create.ts). */
	settings: RunSettings;
	/** First of the stages: refuses what the service could not reach (media URLs on private hosts). */
	screen?: Stage<R>;
	/** Before the budget: learns the facts of the media (lengths, sizes), judges them and prices each item exactly. */
	assess?: Stage<R>;
	/** After the budget, before any create: e.g. uploading media from binary data. */
	prepare?: Stage<R>;
}

export interface BatchOptions {
	budget?: number;
	concurrency?: number;
	requestTimeoutSeconds?: number;
}

/**
 * Every parameter the run reads after its first create, read before it: once a task exists, a
 * field that throws (an expression) would lose its id, and n8n's Retry On Fail would run the node
 * again. The operation reads them (nodes/settings/create.ts) before it calls runCreate.
 */
export interface RunSettings {
	batch: BatchOptions;
	waitMode: string;
	/** Wait for Completion: Wait. */
	wait?: WaitSettings;
	/** Wait for Completion: Until the Service Calls Back, its Timeout in minutes. */
	callbackMinutes?: number;
	/** Batch Options' memory of created items, and each item's Skip Key. */
	skip: SkipSettings;
	skipKeyOf: SkipKeyOf;
	/** A tool's Credit Caps; undefined for a workflow node. */
	toolCaps?: ToolCaps;
	/** Allow Private File Hosts: media URLs on private hosts may be handed to the service. */
	allowPrivateHosts: boolean;
	/** Batch Options' Daily Credit Cap (Daily Task Cap), over every execution; undefined when off. */
	dailyCap?: DailyCap;
}

/**
 * The whole life of a Create node's batch: plan (validate, price, budget) every item before any
 * request, submit each once with bounded concurrency, optionally wait for all tasks together,
 * and return one output item per input item. A created task is always reported with its id.
 */
export async function runCreate<R>(
	ctx: IExecuteFunctions,
	{ kind, build, settings, screen, assess, prepare }: CreateOptions<R>,
): Promise<INodeExecutionData[][]> {
	const replay = replayOf(ctx);
	if (replay) return replay;
	const { batch, callbackMinutes } = settings;
	const requested = planItems(
		ctx,
		kind,
		callbackMinutes !== undefined ? withResumeUrl(ctx, build) : build,
	);
	stopOnFailure(ctx, requested);
	const ledger = await claimItems(ctx, kind.name, requested, settings);
	const tool = reserveToolBudget(ctx, settings.toolCaps, batch.budget ?? 0);
	let sent: Array<ItemFailure | SubmittedItem | SkippedItem>;
	let suspects = new Set<number>();
	let cap: CapRun<R> | undefined;
	try {
		const screened = await stage(ctx, ledger.planned, screen);
		const assessed = await stage(ctx, screened, assess);
		const planned = applyBudget(ctx, assessed, tool?.budget ?? batch.budget ?? 0, tool?.fix);
		stopOnFailure(ctx, planned);
		cap = settings.dailyCap
			? await reserveDailyCap(ctx, planned, settings.dailyCap, recordsOf(settings.skip).ledger)
			: undefined;
		const prepared = await stage(ctx, cap?.planned ?? planned, prepare);
		const submitted = await submitAll(ctx, kind, prepared.filter(isReady), {
			concurrency: batch.concurrency ?? 4,
			requestTimeoutMs: (batch.requestTimeoutSeconds ?? 60) * 1000,
			gate: ledger.gate,
			slotOf: ledger.slotOf,
		});
		sent = [...prepared.filter(isFailure), ...submitted];
	} finally {
		suspects = await ledger.close();
	}
	// only a run that knows what it sent gives back the rest of its share (an error keeps it spent)
	tool?.settle(spentUnits(sent, 'credits').reduce((sum, { units }) => sum + units, 0));
	await cap?.settle(spentUnits(sent, settings.dailyCap?.unit ?? 'credits'));
	const inputs = ctx.getInputData();
	let reported = flagSuspects(
		ctx,
		inItemOrder([...sent, ...ledger.skipped]).map((entry) =>
			'reason' in entry ? skippedReport(entry, inputs[entry.itemIndex]?.json) : toReported(entry),
		),
		suspects,
	);
	hintSkipped(ctx, reported);
	if (settings.wait) reported = await waitCreated(ctx, kind, reported, settings.wait);
	const finished = cap ? cap.withSpend(finish(ctx, reported)) : finish(ctx, reported);
	const output = [settings.waitMode === 'none' ? withNextStep(ctx, kind, finished) : finished];
	const waits = (index: number) => hasTask(reported[index]);
	if (callbackMinutes !== undefined && reported.some((_, index) => waits(index)))
		await waitForCallback(ctx, output[0], waits, callbackMinutes);
	rememberForRetries(ctx, output, reported.some(mayExist));
	return output;
}

/** A run that skips items (a scheduled one may skip them all) says so above its output. */
function hintSkipped(ctx: IExecuteFunctions, reported: Reported[]): void {
	const skipped = new Set(
		reported.filter((entry) => entry.skipped).map((entry) => entry.itemIndex),
	);
	if (skipped.size === 0) return;
	addHint(
		ctx,
		`Skipped ${skipped.size} of ${ctx.getInputData().length} items: not sent, so nothing was billed for them. Each skipped item says why in skipReason.`,
	);
}

const isFailure = <R>(item: Planned<R> | SubmittedItem | SkippedItem): item is ItemFailure =>
	'error' in item;
const isReady = <R>(item: Planned<R>): item is ReadyItem<R> => !('error' in item);

/** Runs a stage over the ready items; the failures so far pass through. */
async function stage<R>(
	ctx: IExecuteFunctions,
	planned: Array<Planned<R>>,
	run?: Stage<R>,
): Promise<Array<Planned<R>>> {
	if (!run) return planned;
	const ready = planned.filter(isReady);
	return [...planned.filter(isFailure), ...(ready.length > 0 ? await run(ctx, ready) : [])];
}

/** Without Continue On Fail, an item refused before anything was sent stops the node (nothing created yet). */
function stopOnFailure<R>(ctx: IExecuteFunctions, planned: Array<Planned<R>>): void {
	const invalid = planned.find(isFailure);
	if (invalid && !ctx.continueOnFail()) throw invalid.error;
}
function inItemOrder<T extends { itemIndex: number; variant?: number }>(entries: T[]): T[] {
	return [...entries].sort(
		(a, b) => a.itemIndex - b.itemIndex || (a.variant ?? 0) - (b.variant ?? 0),
	);
}

async function waitCreated<R>(
	ctx: IExecuteFunctions,
	kind: TaskKind<R>,
	reported: Reported[],
	wait: WaitSettings,
): Promise<Reported[]> {
	const created = reported.filter(hasTask);
	const tasks = created.map(({ created, itemIndex }) => ({ id: created.task.id, itemIndex }));
	const settled = await waitForTasks(ctx, kind, tasks, wait);
	// By entry, not item index: an item with several variants has several tasks.
	const byEntry = new Map<Reported, SettledTask>(
		created.map((entry, index) => [entry, settled[index]]),
	);
	return reported.map((entry) => {
		const task = byEntry.get(entry);
		if (!task || !hasTask(entry)) return entry;
		const json = { ...entry.json, ...task.state };
		if (!task.reason) return { ...entry, json, binary: task.binary };
		const error = taskError(ctx, kind, entry, task);
		return { ...entry, json, failure: { itemIndex: entry.itemIndex, error, sent: 'created' } };
	});
}

/** The task's id and why it did not complete in the message, its one next step in the description. */
function taskError(
	ctx: IExecuteFunctions,
	kind: TaskReader,
	{ itemIndex, created }: CreatedReport,
	task: SettledTask,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `Task ${created.task.id}: ${task.reason}`, {
		itemIndex,
		description: stepNotInReason(kind.name, task.outcome),
	});
}

const TASK_WORDS: StoredWords = {
	why: 'tasks were created, and re-running it would create (and bill) them again',
	next: 'n8n\'s Retry of this execution does not create these tasks again. To get every item instead (with "error" and "taskCreated"), set the node\'s Settings → On Error → Continue.',
};

/**
 * Stops the workflow only when re-running the node cannot create a task twice (nothing was
 * created and no create's outcome is unknown): n8n's Retry On Fail re-runs a node that throws.
 * Otherwise every item is returned, failed ones with their error, and the node shows a warning
 * (a re-run that n8n makes because of those errors gets this output back:
 * see ../paid-once/replay.ts).
 */
function finish(ctx: IExecuteFunctions, reported: Reported[]): INodeExecutionData[] {
	const failures = reported.flatMap(({ failure, itemIndex }) =>
		failure ? [{ itemIndex, error: failure.error }] : [],
	);
	stopUnlessStored(ctx, failures, reported.length, reported.some(mayExist), TASK_WORDS);
	return reported.map(toOutput);
}
