import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { propertyOf } from '../assets/binary-placeholders';
import { checkBinaryFile } from '../assets/file-check';
import { mediaFromBinary } from '../assets/media-inputs';
import type { BinaryMediaResult, BinaryMediaWanted } from '../assets/media-inputs';
import type { CreateTaskRequest } from '../rules';
import type { ItemFailure } from './outcomes';
import type { Planned, ReadyItem } from './plan';

/** The request lists where a binary property's placeholder (assets/binary-placeholders.ts) may stand. */
const MEDIA_LISTS = ['urls', 'videoUrls', 'audioUrls'] as const;

interface Slot {
	item: number;
	list: (typeof MEDIA_LISTS)[number];
	position: number;
	want: BinaryMediaWanted;
}

function slotsOf(ready: Array<ReadyItem<CreateTaskRequest>>): Slot[] {
	return ready.flatMap(({ itemIndex, request }, item) =>
		MEDIA_LISTS.flatMap((list) => {
			const entries = request.inputs?.[list];
			if (!Array.isArray(entries)) return [];
			return entries.flatMap((entry, position) => {
				const propertyName = propertyOf(entry);
				return propertyName === undefined
					? []
					: [{ item, list, position, want: { itemIndex, propertyName, model: request.model } }];
			});
		}),
	);
}

/**
 * The pipeline stage between planning and submitting: every file of every item is checked before
 * any upload (without Continue On Error the first refusal stops the node, nothing sent); then the
 * uploads and reviews of all items run together. An item whose upload or review fails becomes its
 * error item and nothing is generated for it.
 */
export async function resolveBinaryMedia(
	ctx: IExecuteFunctions,
	ready: Array<ReadyItem<CreateTaskRequest>>,
): Promise<Array<Planned<CreateTaskRequest>>> {
	const slots = slotsOf(ready);
	if (slots.length === 0) return ready;
	// A file is uploaded once per item, however many variants (requests) of the item name it.
	const fileOf = (want: BinaryMediaWanted) => `${want.itemIndex}/${want.propertyName}`;
	const wanted = [...new Map(slots.map(({ want }) => [fileOf(want), want])).values()];
	if (!ctx.continueOnFail()) {
		for (const want of wanted) await checkBinaryFile(ctx, want.itemIndex, want.propertyName);
	}
	const results = await mediaFromBinary(ctx, wanted);
	const resultOf = new Map(wanted.map((want, index) => [fileOf(want), results[index]]));
	const failures = new Map<number, ItemFailure>();
	const requests = ready.map(({ request }) => structuredClone(request));
	slots.forEach((slot) => {
		const result = resultOf.get(fileOf(slot.want)) as BinaryMediaResult;
		if (result.ok)
			(requests[slot.item].inputs[slot.list] as unknown[])[slot.position] = result.value;
		else if (!failures.has(slot.item))
			failures.set(slot.item, {
				itemIndex: slot.want.itemIndex,
				error: asItemError(ctx, result.error, slot.want.itemIndex),
				sent: 'no',
			});
	});
	return ready.map((entry, item) => failures.get(item) ?? { ...entry, request: requests[item] });
}

function asItemError(ctx: IExecuteFunctions, error: Error, itemIndex: number): Error {
	return error instanceof NodeOperationError
		? error
		: new NodeOperationError(ctx.getNode(), error, { itemIndex });
}
