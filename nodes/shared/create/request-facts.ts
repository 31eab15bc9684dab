import type { IExecuteFunctions } from 'n8n-workflow';

import { propertyOf } from '../assets/binary-placeholders';
import { checkBinaryFile } from '../assets/file-check';
import type { AssetType } from '../catalog';
import type { CreateTaskRequest, MediaFacts } from '../rules';
import { urlForm } from '../rules/urls';
import { assetFacts } from '../facts/asset-records';
import { factsOfRead } from '../facts/binary-facts';
import type { FoundFacts } from '../facts/binary-facts';
import { readUrlMedia } from '../facts/url-facts';

/**
 * What the package can know of a createTask request's media before sending, entry by entry:
 * - a file from binary data (a placeholder until uploaded): its own header, after the file is
 *   checked (an empty file or text named as media is refused: thrown, the item fails);
 * - an uploaded asset (asset://<providerAssetId>, or the https url an upload returned): the
 *   service's asset record (duration, width, height, size);
 * - any other http(s) video or audio URL: its header, read with HTTP range requests.
 * Image URLs are left to the service (their facts change no price and no clip limit). Where a fact
 * cannot be learned, `gaps` says why, by the entry's path ('inputs.videoUrls[0]').
 */
export interface RequestFacts {
	media: MediaFacts;
	gaps: Map<string, string>;
}

const LISTS = { urls: 'IMAGE', videoUrls: 'VIDEO', audioUrls: 'AUDIO' } as const satisfies Record<
	keyof MediaFacts,
	AssetType
>;

export async function factsOfRequest(
	ctx: IExecuteFunctions,
	request: CreateTaskRequest,
	itemIndex: number,
): Promise<RequestFacts> {
	const media: MediaFacts = {};
	const gaps = new Map<string, string>();
	for (const list of Object.keys(LISTS) as Array<keyof typeof LISTS>) {
		const entries = request.inputs?.[list];
		if (!Array.isArray(entries) || entries.length === 0) continue;
		media[list] = await Promise.all(
			entries.map(async (entry: unknown, position) => {
				const found = await factsOfEntry(ctx, LISTS[list], entry, itemIndex);
				if (found.reason) gaps.set(`inputs.${list}[${position}]`, found.reason);
				return found.fact;
			}),
		);
	}
	return { media, gaps };
}

async function factsOfEntry(
	ctx: IExecuteFunctions,
	type: AssetType,
	entry: unknown,
	itemIndex: number,
): Promise<FoundFacts> {
	if (typeof entry !== 'string') return {};
	const propertyName = propertyOf(entry);
	if (propertyName !== undefined) {
		return factsOfRead((await checkBinaryFile(ctx, itemIndex, propertyName)).read);
	}
	const form = urlForm(entry);
	if (form === 'asset')
		return await assetFacts(
			ctx,
			type,
			{ providerAssetId: entry.slice('asset://'.length) },
			itemIndex,
		);
	if (type === 'IMAGE' || (form !== 'https' && form !== 'http')) return {};
	const record = await assetFacts(ctx, type, { url: entry }, itemIndex);
	return record.fact ? record : factsOfRead(await readUrlMedia(ctx, entry));
}
