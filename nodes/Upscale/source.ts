import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';

import { assetStatus } from '../shared/assets/api';
import { binaryUrlPlaceholder, propertyOf } from '../shared/assets/binary-placeholders';
import { checkBinaryFile } from '../shared/assets/file-check';
import { reviewedUrlsFromBinary } from '../shared/assets/media-inputs';
import type { Planned, ReadyItem } from '../shared/create/plan';
import { CODES } from '../shared/rules';
import { isPrivateOrInsecureUrl, parseUrl } from '../shared/rules/urls';
import type { UpscaleRequest } from '../shared/tasks';
import { CREDENTIAL } from '../shared/transport';

/** An asset chosen by id stands in the request as this URL until it is read (see resolveSources). */
const ASSET_ID_PREFIX = 'https://n8n-asset.invalid/';

/** The body of POST /upscale/create for one item; sources to upload or look up are placeholders. */
export function buildUpscaleRequest(ctx: IExecuteFunctions, itemIndex: number): UpscaleRequest {
	const targetResolution = ctx.getNodeParameter('targetResolution', itemIndex) as string;
	const { callBackUrl } = ctx.getNodeParameter('additionalOptions', itemIndex, {}) as { callBackUrl?: string };
	const url = sourceUrlOf(ctx, itemIndex);
	return { source: { type: 'url', url }, targetResolution, ...(callBackUrl ? { callBackUrl: callBackUrl.trim() } : {}) };
}

function sourceUrlOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const type = ctx.getNodeParameter('sourceType', itemIndex) as string;
	if (type === 'binary') return binaryUrlPlaceholder(String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim());
	if (type === 'url') return String(ctx.getNodeParameter('sourceUrl', itemIndex, '') ?? '').trim();
	const locator = ctx.getNodeParameter('asset', itemIndex) as INodeParameterResourceLocator;
	const value = String(locator.value ?? '').trim();
	return locator.mode === 'url' ? value : `${ASSET_ID_PREFIX}${encodeURIComponent(value)}`;
}

type Step = { ok: true; url: string } | { ok: false; error: Error };

/**
 * Between planning and creating: each source becomes the URL the service fetches. An http or
 * private address is refused with the spec's INVALID_URL before anything is sent, except on the
 * service's own host (the spec exempts its asset host; we take the credential's host as that
 * host, which is where uploaded assets live on the emulator too). Assets chosen by id are read
 * (they must be ACTIVE); binary videos are uploaded as reviewed assets and used once ACTIVE.
 */
export async function resolveSources(ctx: IExecuteFunctions, ready: Array<ReadyItem<UpscaleRequest>>): Promise<Array<Planned<UpscaleRequest>>> {
	const ownHost = await serviceHost(ctx);
	const steps: Step[] = await Promise.all(ready.map(async ({ request, itemIndex }) => await checkSource(ctx, String(request.source.url), ownHost, itemIndex)));
	const refused = steps.find((step): step is Extract<Step, { ok: false }> => !step.ok);
	if (refused && !ctx.continueOnFail()) throw refused.error;
	await Promise.all(ready.map(async ({ request, itemIndex }, index) => {
		const id = assetIdOf(String(request.source.url));
		if (steps[index].ok && id !== undefined) steps[index] = await assetUrl(ctx, id, itemIndex);
	}));
	const binaries = ready.flatMap(({ request, itemIndex }, index) => {
		const propertyName = propertyOf(request.source.url);
		return steps[index].ok && propertyName !== undefined ? [{ index, itemIndex, propertyName }] : [];
	});
	const uploaded = await reviewedUrlsFromBinary(ctx, binaries);
	binaries.forEach(({ index }, at) => {
		const result = uploaded[at];
		steps[index] = result.ok ? { ok: true, url: result.value } : result;
	});
	return ready.map((entry, index) => {
		const step = steps[index];
		if (!step.ok) return { itemIndex: entry.itemIndex, error: step.error, sent: 'no' };
		return { ...entry, request: { ...entry.request, source: { ...entry.request.source, url: step.url } } };
	});
}

async function serviceHost(ctx: IExecuteFunctions): Promise<string | undefined> {
	const credentials = await ctx.getCredentials(CREDENTIAL.unified);
	return parseUrl(String(credentials.baseUrl ?? ''))?.hostname;
}

/** Every source is checked before any upload: a binary file against the upload caps and as a video, a URL by its host. */
async function checkSource(ctx: IExecuteFunctions, url: string, ownHost: string | undefined, itemIndex: number): Promise<Step> {
	const propertyName = propertyOf(url);
	if (propertyName !== undefined) return await checkVideoFile(ctx, propertyName, itemIndex, url);
	if (assetIdOf(url) !== undefined) return { ok: true, url };
	if (!isPrivateOrInsecureUrl(url) || (ownHost && parseUrl(url)?.hostname === ownHost)) return { ok: true, url };
	const message = `${CODES.INVALID_URL}: source url '${url}' is not https or points to a private or internal address: give a public https URL, an uploaded asset or binary data`;
	return { ok: false, error: new NodeOperationError(ctx.getNode(), message, { itemIndex, description: 'Field: sourceUrl. Nothing was sent and no credits were spent.' }) };
}

async function checkVideoFile(ctx: IExecuteFunctions, propertyName: string, itemIndex: number, url: string): Promise<Step> {
	try {
		const file = await checkBinaryFile(ctx, itemIndex, propertyName);
		if (!file.type || file.type === 'VIDEO') return { ok: true, url };
		const message = `${CODES.UNSUPPORTED_MEDIA_TYPE}: binary property "${propertyName}" (${file.fileName}, ${file.mimeType}) is not a video: upscaling takes MP4 or MOV files here`;
		return { ok: false, error: new NodeOperationError(ctx.getNode(), message, { itemIndex, description: 'Nothing was uploaded or sent.' }) };
	} catch (error) {
		return { ok: false, error: error as Error };
	}
}

function assetIdOf(url: string): string | undefined {
	return url.startsWith(ASSET_ID_PREFIX) ? decodeURIComponent(url.slice(ASSET_ID_PREFIX.length)) : undefined;
}

async function assetUrl(ctx: IExecuteFunctions, id: string, itemIndex: number): Promise<Step> {
	try {
		const asset = await assetStatus(ctx, id, itemIndex);
		if (asset.status === 'ACTIVE' && typeof asset.url === 'string' && asset.url) return { ok: true, url: asset.url };
		const why = asset.status === 'ACTIVE' ? 'has no url' : `is ${String(asset.status)}, not ACTIVE${asset.failReason ? ` (${String(asset.failReason)})` : ''}`;
		return { ok: false, error: new NodeOperationError(ctx.getNode(), `Asset ${id} ${why}: choose an ACTIVE video asset`, { itemIndex }) };
	} catch (error) {
		return { ok: false, error: error as Error };
	}
}
