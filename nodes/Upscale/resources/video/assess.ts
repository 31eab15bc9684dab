import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { propertyOf } from '../../../shared/assets/binary-placeholders';
import { checkBinaryFile } from '../../../shared/assets/file-check';
import { mapWithLimit } from '../../../shared/execution/concurrency';
import { refusedBeforeSending } from '../../../shared/errors';
import type { Planned, ReadyItem } from '../../../shared/create/plan';
import { assetFacts } from '../../../shared/facts/asset-records';
import { factsOfRead } from '../../../shared/facts/binary-facts';
import type { FoundFacts } from '../../../shared/facts/binary-facts';
import { readUrlMedia } from '../../../shared/facts/url-facts';
import { credentialOrigin } from '../../../shared/transport/own-origin';
import { passedUrlRefusal, resolverOf } from '../../../shared/transport/resolve-check';
import { asNodeError } from '../../../shared/execution/item-loop';
import { priceUpscale } from '../../../shared/pricing';
import { CODES, validateUpscaleSource } from '../../../shared/rules';
import type { MediaFact } from '../../../shared/rules';
import { fetchRefusal } from '../../../shared/rules/urls';
import type { UpscaleRequest } from '../../../shared/tasks';
import { assetIdOf } from './source';

/** Sources read at once. */
const SOURCES_AT_ONCE = 4;

/** What is known of a source before sending, and why its length is not, when it is not. */
interface SourceFacts {
	fact: MediaFact;
	reason?: string;
}

/**
 * Before the budget, every source is checked and its facts learned where they can be: a binary
 * video from its header, an uploaded asset from its record (GET /assets/list), a URL from its
 * record or its header (HTTP range requests). What the Unified Generation API, § Upscale task error
 * codes forbids for known facts (UNSUPPORTED_MEDIA_TYPE, FILE_TOO_LARGE, DURATION_EXCEEDS_LIMIT,
 * SOURCE_RESOLUTION_TOO_HIGH) is refused before anything is sent, and the item is priced per second
 * of its source (at least 5 s); a source whose length cannot be learned has no price. An http or
 * private address is refused with INVALID_URL, except on the credential's own origin (Unified
 * Generation API, § POST /upscale/create exempts the service's asset host; we take the credential's
 * origin as that host, where uploaded assets live on the emulator too): the same rule as every
 * fetch of the package (fetchRefusal), and a name that resolves here to a private address is
 * refused too (passedUrlRefusal).
 */
export async function assessSources(
	ctx: IExecuteFunctions,
	ready: Array<ReadyItem<UpscaleRequest>>,
): Promise<Array<Planned<UpscaleRequest>>> {
	const own = await credentialOrigin(ctx, 'unified');
	const assessed = await mapWithLimit(
		ready,
		SOURCES_AT_ONCE,
		async (entry): Promise<Planned<UpscaleRequest>> => {
			try {
				const source = await sourceFacts(
					ctx,
					String(entry.request.source.url),
					own,
					entry.itemIndex,
				);
				const verdict = validateUpscaleSource(entry.request.targetResolution, source.fact);
				if (!verdict.ok)
					return {
						itemIndex: entry.itemIndex,
						error: refusedBeforeSending(ctx, entry.itemIndex, verdict),
						sent: 'no',
					};
				const why = `the length of the source video is not known${source.reason ? ` (${source.reason})` : ''}`;
				return {
					...entry,
					price: priceUpscale(entry.request.targetResolution, source.fact.seconds, why),
				};
			} catch (error) {
				return {
					itemIndex: entry.itemIndex,
					error: asNodeError(ctx, error as Error, entry.itemIndex),
					sent: 'no',
				};
			}
		},
	);
	return assessed as Array<Planned<UpscaleRequest>>;
}

async function sourceFacts(
	ctx: IExecuteFunctions,
	url: string,
	own: string | undefined,
	itemIndex: number,
): Promise<SourceFacts> {
	const propertyName = propertyOf(url);
	if (propertyName !== undefined) return await binaryVideo(ctx, propertyName, itemIndex);
	const assetId = assetIdOf(url);
	if (assetId !== undefined)
		return withFact(await assetFacts(ctx, 'VIDEO', { id: assetId }, itemIndex));
	if (fetchRefusal(url, own))
		throw invalidSource(
			ctx,
			itemIndex,
			`'${url}' is not https or points to a private or internal address`,
		);
	const resolved = await passedUrlRefusal(url, own, resolverOf(ctx));
	if (resolved)
		throw invalidSource(ctx, itemIndex, `'${url}' points to a private address (${resolved})`);
	const record = await assetFacts(ctx, 'VIDEO', { url }, itemIndex);
	return withFact(record.fact ? record : factsOfRead(await readUrlMedia(ctx, url)));
}

function invalidSource(ctx: IExecuteFunctions, itemIndex: number, what: string) {
	const message = `source url ${what}: give a public https URL, an uploaded asset or binary data`;
	return refusedBeforeSending(ctx, itemIndex, {
		code: CODES.INVALID_URL,
		message,
		path: 'source.url',
	});
}

const withFact = ({ fact, reason }: FoundFacts): SourceFacts => ({ fact: fact ?? {}, reason });

/** A binary source: not empty, a video by its own bytes, within the upload caps (it is uploaded first). */
async function binaryVideo(
	ctx: IExecuteFunctions,
	propertyName: string,
	itemIndex: number,
): Promise<SourceFacts> {
	const file = await checkBinaryFile(ctx, itemIndex, propertyName);
	if (file.type && file.type !== 'VIDEO') {
		const message = `${CODES.UNSUPPORTED_MEDIA_TYPE}: binary property "${propertyName}" (${file.fileName}, ${file.mimeType}) is not a video: upscaling takes MP4 or MOV files here`;
		throw new NodeOperationError(ctx.getNode(), message, {
			itemIndex,
			description: 'Nothing was uploaded or sent.',
		});
	}
	return withFact(factsOfRead(file.read));
}
