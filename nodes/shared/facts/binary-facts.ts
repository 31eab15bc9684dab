import type { IExecuteFunctions } from 'n8n-workflow';

import { readMedia } from '../media';
import { binarySource } from '../transport/binary-source';
import type { MediaRead } from '../media';
import type { MediaFact } from '../rules';

/**
 * The facts of a file in an item's binary data, read from its own header (never the whole file into
 * memory). The same file is judged twice in a run (its facts before the budget, its upload caps
 * before the upload), so what was read from a stored file (filesystem, database, S3: it has an id)
 * is kept for a while; a file held in memory is cheap to read again.
 */

const MOST_KEPT = 256;
const kept = new Map<string, MediaRead>();

export async function readBinaryMedia(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<MediaRead> {
	const id = ctx.helpers.assertBinaryData(itemIndex, propertyName).id;
	const known = id ? kept.get(id) : undefined;
	if (known) return known;
	const read = await readMedia(await binarySource(ctx, itemIndex, propertyName));
	if (id) {
		kept.set(id, read);
		for (const old of kept.keys()) if (kept.size > MOST_KEPT) kept.delete(old);
	}
	return read;
}

/** What was learned of one media entry, and why it is missing or lacks its length. */
export interface FoundFacts {
	fact?: MediaFact;
	reason?: string;
}

/** A reader's result as the rules and pricing take it; a video or audio without a length says why. */
export function factsOfRead(read: MediaRead): FoundFacts {
	if (!read.info) return { reason: read.reason };
	const { kind, format, bytes, width, height, seconds, hasAlpha } = read.info;
	const fact = { kind, format, bytes, width, height, seconds, hasAlpha };
	return kind !== 'image' && seconds === undefined
		? { fact, reason: 'its header gives no duration' }
		: { fact };
}
