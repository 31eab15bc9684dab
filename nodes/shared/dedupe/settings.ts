import type { DeduplicationScope, IExecuteFunctions } from 'n8n-workflow';

/** How a Create node remembers the items it created, read from its Batch Options. */
export interface SkipSettings {
	/** Skip items whose key an earlier run (or an earlier item of this run) recorded. */
	skip: boolean;
	/** Clear the memory of this scope before this run. */
	forget: boolean;
	scope: DeduplicationScope;
	maxEntries: number;
}

/** n8n's Remove Duplicates node keeps 10,000 entries by default; so does this memory. */
export const DEFAULT_MAX_ENTRIES = 10_000;

const option = (ctx: IExecuteFunctions, name: string, fallback: unknown): unknown =>
	ctx.getNodeParameter(`batchOptions.${name}`, 0, fallback);

export function readSkipSettings(ctx: IExecuteFunctions): SkipSettings {
	const scope = option(ctx, 'skipScope', 'node');
	const maxEntries = Number(option(ctx, 'skipMaxEntries', DEFAULT_MAX_ENTRIES));
	return {
		skip: option(ctx, 'skipCreated', false) === true,
		forget: option(ctx, 'forgetCreated', false) === true,
		scope: scope === 'workflow' ? 'workflow' : 'node',
		maxEntries: maxEntries >= 1 ? Math.floor(maxEntries) : DEFAULT_MAX_ENTRIES,
	};
}

/**
 * The user's Skip Key for an item (e.g. a row id), or undefined when the field is empty (the
 * request-derived key). A key that is set but gives nothing for an item comes back as ''.
 */
export function customKeyOf(ctx: IExecuteFunctions, itemIndex: number): unknown {
	const raw = (ctx.getNode().parameters.batchOptions as { skipKey?: unknown } | undefined)?.skipKey;
	if (raw === undefined || raw === '') return undefined;
	return ctx.getNodeParameter('batchOptions.skipKey', itemIndex, '') ?? '';
}
