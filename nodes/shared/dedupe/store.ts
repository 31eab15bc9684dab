import { NodeOperationError } from 'n8n-workflow';
import type { ICheckProcessedOptions, IExecuteFunctions } from 'n8n-workflow';

import type { SkipSettings } from './settings';

/**
 * n8n's own deduplication store, the one its Remove Duplicates node uses: database-backed (it
 * survives restarts and is shared by queue-mode workers), keyed by workflow and, in node scope, by
 * the node's id (renaming the node keeps its memory). It keeps an md5 hash of each key, in
 * 'entries' mode, the oldest dropped past maxEntries.
 *
 * There is no "check only" call: checkProcessedAndRecord records the new keys as it answers.
 */
const optionsOf = ({ maxEntries }: SkipSettings): ICheckProcessedOptions => ({
	mode: 'entries',
	maxEntries,
});

/** Records the keys not seen before and returns those that were. */
export async function recordNew(
	ctx: IExecuteFunctions,
	keys: string[],
	settings: SkipSettings,
): Promise<Set<string>> {
	if (keys.length === 0) return new Set();
	try {
		const { processed } = await ctx.helpers.checkProcessedAndRecord(
			keys,
			settings.scope,
			optionsOf(settings),
		);
		return new Set(processed.map(String));
	} catch (error) {
		throw storeError(ctx, error as Error);
	}
}

export async function forgetKeys(
	ctx: IExecuteFunctions,
	keys: string[],
	settings: SkipSettings,
): Promise<void> {
	if (keys.length > 0) await ctx.helpers.removeProcessed(keys, settings.scope, optionsOf(settings));
}

export async function forgetAll(ctx: IExecuteFunctions, settings: SkipSettings): Promise<void> {
	try {
		await ctx.helpers.clearAllProcessedItems(settings.scope, optionsOf(settings));
	} catch (error) {
		throw storeError(ctx, error as Error);
	}
}

/** The store failed before anything was sent: the node stops, and says so. */
export function storeError(ctx: IExecuteFunctions, error: Error): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`n8n's deduplication store failed: ${error.message}`,
		{
			description:
				'Skip Items Created in Earlier Runs needs it to know which items an earlier run created. Nothing was sent. If another node of this workflow (e.g. Remove Duplicates) uses scope Workflow in another mode, set Skip Scope to Node.',
		},
	);
}
