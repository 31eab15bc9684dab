import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';

import { autoSourceOf, noSourceMessage } from '../../../shared/assets/auto-source';
import { refusedBeforeSending } from '../../../shared/errors';
import { CODES } from '../../../shared/rules';
import { assetStatus } from '../../../shared/transport/unified-asset-api';
import { binaryUrlPlaceholder, propertyOf } from '../../../shared/assets/binary-placeholders';
import { reviewedUrlsFromBinary } from '../../../shared/assets/media-inputs';
import type { Planned, ReadyItem } from '../../../shared/create/plan';
import type { UpscaleRequest } from '../../../shared/tasks';

/** An asset chosen by id stands in the request as this URL until it is read (see resolveSources). */
const ASSET_ID_PREFIX = 'https://n8n-asset.invalid/';

/** The body of POST /upscale/create for one item; sources to upload or look up are placeholders. */
export function buildUpscaleRequest(ctx: IExecuteFunctions, itemIndex: number): UpscaleRequest {
	const targetResolution = ctx.getNodeParameter('targetResolution', itemIndex) as string;
	const { callBackUrl } = ctx.getNodeParameter('additionalOptions', itemIndex, {}) as {
		callBackUrl?: string;
	};
	const url = sourceUrlOf(ctx, itemIndex);
	return {
		source: { type: 'url', url },
		targetResolution,
		...(callBackUrl ? { callBackUrl: callBackUrl.trim() } : {}),
	};
}

function sourceUrlOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const chosen = ctx.getNodeParameter('sourceType', itemIndex) as string;
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const type = chosen === 'auto' ? autoSourceOf(ctx, itemIndex, propertyName) : chosen;
	if (type === 'binary') return binaryUrlPlaceholder(propertyName);
	if (type === 'url') return urlOf(ctx, itemIndex, chosen === 'auto' ? propertyName : undefined);
	const locator = ctx.getNodeParameter('asset', itemIndex) as INodeParameterResourceLocator;
	const value = String(locator.value ?? '').trim();
	return locator.mode === 'url' ? value : `${ASSET_ID_PREFIX}${encodeURIComponent(value)}`;
}

/** The Video URL; Automatic with neither a file in `noFileIn` nor a URL is refused before sending. */
function urlOf(ctx: IExecuteFunctions, itemIndex: number, noFileIn?: string): string {
	const url = String(ctx.getNodeParameter('sourceUrl', itemIndex, '') ?? '').trim();
	if (url !== '' || noFileIn === undefined) return url;
	throw refusedBeforeSending(ctx, itemIndex, {
		code: CODES.INVALID_URL,
		message: noSourceMessage(ctx, itemIndex, noFileIn, 'Video URL'),
		path: 'sourceUrl',
	});
}

type Step = { ok: true; url: string } | { ok: false; error: Error };

/**
 * Between the budget and creating: each source becomes the URL the service fetches. Assets chosen
 * by id are read (they must be ACTIVE); binary videos are uploaded as reviewed assets and used once
 * ACTIVE. (assessSources checked every source before the budget.)
 */
export async function resolveSources(
	ctx: IExecuteFunctions,
	ready: Array<ReadyItem<UpscaleRequest>>,
): Promise<Array<Planned<UpscaleRequest>>> {
	const steps: Step[] = ready.map(({ request }) => ({ ok: true, url: String(request.source.url) }));
	await Promise.all(
		ready.map(async ({ request, itemIndex }, index) => {
			const id = assetIdOf(String(request.source.url));
			if (id !== undefined) steps[index] = await assetUrl(ctx, id, itemIndex);
		}),
	);
	const binaries = ready.flatMap(({ request, itemIndex }, index) => {
		const propertyName = propertyOf(request.source.url);
		return steps[index].ok && propertyName !== undefined
			? [{ index, itemIndex, propertyName }]
			: [];
	});
	const uploaded = await reviewedUrlsFromBinary(ctx, binaries);
	binaries.forEach(({ index }, at) => {
		const result = uploaded[at];
		steps[index] = result.ok ? { ok: true, url: result.value } : result;
	});
	return ready.map((entry, index) => {
		const step = steps[index];
		if (!step.ok) return { itemIndex: entry.itemIndex, error: step.error, sent: 'no' };
		return {
			...entry,
			request: { ...entry.request, source: { ...entry.request.source, url: step.url } },
		};
	});
}

export function assetIdOf(url: string): string | undefined {
	return url.startsWith(ASSET_ID_PREFIX)
		? decodeURIComponent(url.slice(ASSET_ID_PREFIX.length))
		: undefined;
}

async function assetUrl(ctx: IExecuteFunctions, id: string, itemIndex: number): Promise<Step> {
	try {
		const asset = await assetStatus(ctx, id, itemIndex);
		if (asset.status === 'ACTIVE' && typeof asset.url === 'string' && asset.url)
			return { ok: true, url: asset.url };
		const why =
			asset.status === 'ACTIVE'
				? 'has no url'
				: `is ${String(asset.status)}, not ACTIVE${asset.failReason ? ` (${String(asset.failReason)})` : ''}`;
		return {
			ok: false,
			error: new NodeOperationError(
				ctx.getNode(),
				`Asset ${id} ${why}: choose an ACTIVE video asset`,
				{ itemIndex },
			),
		};
	} catch (error) {
		return { ok: false, error: error as Error };
	}
}
