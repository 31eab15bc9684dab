import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemFailure } from '../create/outcomes';
import type { Planned, ReadyItem } from '../create/plan';
import type { CreateTaskRequest } from '../rules';
import { checkBinaryFile } from './file-check';
import { mediaFromBinary, routeOf } from './media-inputs';
import type { BinaryMediaResult, BinaryMediaWanted } from './media-inputs';

/**
 * Media from binary data in a create request. While the batch is planned, a binary property stands
 * in the request's URL lists as a placeholder of the form the model takes (asset://... for the sd
 * family, an https URL for the alt family and image models), so the rules judge the request with the media counted
 * and nothing is uploaded for an invalid item. Once every item is planned, the files are checked
 * (caps from their metadata), uploaded, reviewed, and the placeholders replaced by the real values.
 */

const ASSET_PREFIX = 'asset://n8n-binary-';
const URL_PREFIX = 'https://n8n-binary.invalid/';
const MEDIA_LISTS = ['urls', 'videoUrls', 'audioUrls'] as const;

export function binaryPlaceholder(model: string, propertyName: string): string {
	const route = routeOf(model);
	const url = route === 'altUrl' || route === 'reviewedUrl';
	return `${url ? URL_PREFIX : ASSET_PREFIX}${encodeURIComponent(propertyName)}`;
}

/** The placeholder of a binary property where only an https URL fits (e.g. an upscale source). */
export const binaryUrlPlaceholder = (propertyName: string) =>
	`${URL_PREFIX}${encodeURIComponent(propertyName)}`;

/** The binary property a placeholder stands for, or undefined for any other value. */
export function propertyOf(entry: unknown): string | undefined {
	if (typeof entry !== 'string') return undefined;
	const prefix = [ASSET_PREFIX, URL_PREFIX].find((start) => entry.startsWith(start));
	return prefix ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** Property names as users type them: comma- or line-separated (n8n binary field names hold neither). */
export function binaryNames(value: unknown): string[] {
	if (typeof value !== 'string') return [];
	return value
		.split(/[\r\n,]/)
		.map((name) => name.trim())
		.filter(Boolean);
}

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
