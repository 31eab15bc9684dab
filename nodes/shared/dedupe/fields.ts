import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_ENTRIES } from './settings';

/**
 * The Batch Options of every node that creates something billed (Create Video, Create Image,
 * Upscale, Compat Task → Task → Create): skip the items an earlier run already created, and
 * forget them. Placed where the collection's alphabetical order puts them.
 */
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

export const skipOptions = { forget, skip };
