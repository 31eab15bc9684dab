import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { DailyCap } from '../shared/create/daily-cap';
import { DEFAULT_MAX_ENTRIES } from '../shared/dedupe/settings';
import type { SkipSettings } from '../shared/dedupe/settings';
import { tokensWithin } from '../shared/spend/tiers';

/**
 * Batch Options of every node that creates something billed (Create Video, Create Image, Upscale,
 * Compat Task → Task → Create): the fields (a budget, a daily cap, parallel requests, a request's
 * time limit, skipping what an earlier run created) and their readers, in one place. The budget is
 * checked against the catalog's price estimate before anything is sent.
 */

/** Skip's options, placed where the collection's alphabetical order puts them. */
const forget: INodeProperties = {
	displayName: 'Forget Earlier Runs',
	name: 'forgetCreated',
	type: 'boolean',
	default: false,
	description:
		"Whether to forget this run's items before it runs, so each is created again (and remembered again). Turn it off again after one run: while on, every run creates its items again. What n8n's Retry needs is kept: a Retry still sends none of its execution's items twice.",
};

const skip: INodeProperties[] = [
	{
		// Short enough for the editor's label (about 30 characters); the name stays for saved workflows.
		displayName: 'Skip Items Already Created',
		name: 'skipCreated',
		type: 'boolean',
		default: false,
		description:
			"Whether to skip an item whose task an earlier run already created (or may have), so a scheduled batch never pays twice for the same row. Skipped items are not sent, cost 0 against the budget and come out with skipped: true. The memory is n8n's deduplication store: it survives restarts.",
	},
	{
		displayName: 'Skip Key',
		name: 'skipKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.rowNumber }}',
		description:
			'What tells two items apart, e.g. a row ID. Empty: the request itself (model and every input, binary files by their content), so the same row with the same settings is created once and any change makes it new.',
	},
	{
		displayName: 'Skip Memory (Entries)',
		name: 'skipMaxEntries',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_ENTRIES,
		description:
			"How many items' keys are remembered; past this the oldest are forgotten, and their items would be created again. The node's own bookkeeping (which execution sent which item, for n8n's Retry) is kept beside them and does not count.",
	},
	{
		displayName: 'Skip Scope',
		name: 'skipScope',
		type: 'options',
		options: [
			{
				name: 'Node',
				value: 'node',
				description: 'This node remembers its own items (renaming it keeps its memory)',
			},
			{
				name: 'Workflow',
				value: 'workflow',
				description:
					'Every node of this workflow with scope Workflow shares one memory (Remove Duplicates nodes with that scope too): an item created by one is skipped by the others',
			},
		],
		default: 'node',
		description: 'Who shares the memory of created items',
	},
];

/**
 * Batch Options' cap over every execution of the workflow (../create/daily-cap.ts): in credits, or
 * in tasks where the API shows no price (Compat Task). Off (0) on every version: a figure picked
 * for the user would refuse a new user's first batches at a number they never chose.
 */
function dailyCapOption(unit: 'credits' | 'tasks'): INodeProperties {
	const credits = unit === 'credits';
	return {
		displayName: credits ? 'Daily Credit Cap' : 'Daily Task Cap',
		name: credits ? 'dailyCreditCap' : 'dailyTaskCap',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: `Most ${unit} this node may spend per day over every execution of this workflow (a flooded form, a runaway schedule, an agent calling again and again). Items that would pass it are refused before anything is sent; the day resets at midnight in the workflow's timezone. 0 means no cap.`,
	};
}

export function batchOptions(capUnit: 'credits' | 'tasks' = 'credits'): INodeProperties {
	return {
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description:
			'Limits for the whole execution (a credit budget, parallel requests, a time limit per request) and skipping the items an earlier run created',
		options: [
			{
				displayName: 'Budget (Credits)',
				name: 'budget',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Most credits this execution may spend; items whose estimate would pass it are refused before anything is sent. 0 means no budget.',
			},
			dailyCapOption(capUnit),
			forget,
			{
				displayName: 'Parallel Submissions',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 20 },
				default: 4,
				description: 'How many create requests may be in flight at once',
			},
			{
				displayName: 'Request Timeout (Seconds)',
				name: 'requestTimeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60,
				description:
					'Longest time one create request may take, answer included. A create without a clear answer may still have created a task, so the batch then stops sending.',
			},
			...skip,
		],
	};
}

const option = (ctx: IExecuteFunctions, name: string, fallback: unknown): unknown =>
	ctx.getNodeParameter(`batchOptions.${name}`, 0, fallback);

/** How a Create node remembers the items it created, from its Batch Options. */
export function readSkipSettings(ctx: IExecuteFunctions): SkipSettings {
	const scope = option(ctx, 'skipScope', 'node');
	const maxEntries = Number(option(ctx, 'skipMaxEntries', DEFAULT_MAX_ENTRIES));
	return {
		skip: option(ctx, 'skipCreated', false) === true,
		forget: option(ctx, 'forgetCreated', false) === true,
		scope: scope === 'workflow' ? 'workflow' : 'node',
		maxEntries: maxEntries >= 1 ? Math.floor(maxEntries) : DEFAULT_MAX_ENTRIES,
		capRoom: capRoomOf(readDailyCap(ctx)),
	};
}

/**
 * The user's Skip Key of an item (e.g. a row id), or undefined when the field is empty (the
 * request-derived key). A key that is set but gives nothing for an item comes back as ''. Read
 * item by item when the keys are made (create/keys.ts): an expression that fails fails its item.
 */
export const skipKeyReader =
	(ctx: IExecuteFunctions) =>
	(itemIndex: number): unknown => {
		const raw = (ctx.getNode().parameters.batchOptions as { skipKey?: unknown } | undefined)
			?.skipKey;
		if (raw === undefined || raw === '') return undefined;
		return ctx.getNodeParameter('batchOptions.skipKey', itemIndex, '') ?? '';
	};

/**
 * Batch Options → Daily Credit Cap, or a Compat Task create's Daily Task Cap; undefined when 0 or absent (off).
 */
export function readDailyCap(ctx: IExecuteFunctions): DailyCap | undefined {
	for (const [name, unit] of [
		['dailyCreditCap', 'credits'],
		['dailyTaskCap', 'tasks'],
	] as const) {
		const limit = Number(ctx.getNodeParameter(`batchOptions.${name}`, 0, 0));
		if (Number.isFinite(limit) && limit >= 1) return { limit: Math.floor(limit), unit };
	}
	return undefined;
}

/** The store entries a cap keeps in the node's record: today's tokens, the day before's until taken out, round entries. */
export const capRoomOf = (cap: DailyCap | undefined): number =>
	cap ? 2 * tokensWithin(cap.limit) + 1000 : 0;
