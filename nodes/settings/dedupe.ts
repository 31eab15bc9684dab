import type { IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_MAX_ENTRIES } from '../shared/dedupe/settings';
import type { SkipSettings } from '../shared/dedupe/settings';
import { capRoomOf, readDailyCap } from './daily-cap';

const option = (ctx: IExecuteFunctions, name: string, fallback: unknown): unknown =>
	ctx.getNodeParameter(`batchOptions.${name}`, 0, fallback);

/** How a Create node remembers the items it created, from its Batch Options (dedupe/fields.ts). */
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
