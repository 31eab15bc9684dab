import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ASSETS } from '../catalog';
import type { AssetType } from '../catalog';
import type { MediaFact } from '../rules';
import { listAssets } from '../transport/unified-asset-api';
import { readCredentials } from '../transport';
import type { FoundFacts } from './binary-facts';

/**
 * The account's asset records, read from GET /assets/list: the only answer whose items carry an
 * asset's `duration`, `width`, `height` and `size` (Unified Generation API, Resources > Asset). One
 * index per execution, credential and asset type, filled page by page (newest first) only as far as
 * a lookup needs, and refreshed from the top when a reference is missing (an asset uploaded earlier
 * in the same execution). Bounded: at most MAX_PAGES pages are read per index.
 */

/** 40 pages of 50: the newest 2,000 assets of a type. */
const MAX_PAGES = 40;
const PAGE_SIZE = ASSETS.list.maxLimit;
/** Indexes kept at once (one per execution, credential and type); the oldest is dropped first. */
const MOST_INDEXES = 32;

/** An asset by its asset:// id, by the url an upload returned, or by either id as the user typed it. */
type AssetRef = { providerAssetId: string } | { url: string } | { id: string };
type AssetLookup = { record: IDataObject } | { record?: undefined; reason: string };

interface Index {
	byKey: Map<string, IDataObject>;
	knownIds: Set<string>;
	/** Where the next older page starts; null once the oldest asset was read. */
	olderCursor: string | number | null | undefined;
	pagesRead: number;
	/** Lookups run one after another, so concurrent items share the pages read. */
	queue: Promise<unknown>;
}

const indexes = new Map<string, Index>();

function keyOf(ref: AssetRef): string {
	if ('providerAssetId' in ref) return `p:${ref.providerAssetId}`;
	if ('url' in ref) return `u:${ref.url}`;
	return /^\d+$/.test(ref.id) ? `i:${ref.id}` : `p:${ref.id}`;
}

/** The record of an uploaded asset (asset:// id or the url an upload returned), or why it is not known. */
async function findAssetRecord(
	ctx: IExecuteFunctions,
	type: AssetType,
	ref: AssetRef,
	itemIndex: number,
): Promise<AssetLookup> {
	const index = await indexOf(ctx, type);
	const run = index.queue.then(async () => await lookup(ctx, index, type, keyOf(ref), itemIndex));
	index.queue = run.catch(() => undefined);
	return await run;
}

async function indexOf(ctx: IExecuteFunctions, type: AssetType): Promise<Index> {
	const credentials = await readCredentials(ctx, 'unified');
	const account = createHash('sha256')
		.update(`${String(credentials.baseUrl)}\n${String(credentials.apiKey)}`)
		.digest('hex');
	const key = `${ctx.getExecutionId() ?? ''}|${account}|${type}`;
	let index = indexes.get(key);
	if (!index) {
		index = {
			byKey: new Map(),
			knownIds: new Set(),
			olderCursor: undefined,
			pagesRead: 0,
			queue: Promise.resolve(),
		};
		indexes.set(key, index);
		for (const old of indexes.keys()) if (indexes.size > MOST_INDEXES) indexes.delete(old);
	}
	return index;
}

async function lookup(
	ctx: IExecuteFunctions,
	index: Index,
	type: AssetType,
	key: string,
	itemIndex: number,
): Promise<AssetLookup> {
	const hit = () => index.byKey.get(key);
	try {
		if (hit()) return { record: hit() as IDataObject };
		await readNewest(ctx, index, type, itemIndex, hit);
		while (!hit() && index.olderCursor !== null && index.pagesRead < MAX_PAGES) {
			await readPage(ctx, index, type, index.olderCursor, itemIndex);
		}
	} catch (error) {
		return { reason: `the asset list could not be read: ${(error as Error).message}` };
	}
	if (hit()) return { record: hit() as IDataObject };
	const scope =
		index.olderCursor === null
			? `among the account's ${type} assets`
			: `among the newest ${index.pagesRead * PAGE_SIZE} ${type} assets`;
	return { reason: `it is not ${scope} (GET /assets/list)` };
}

/** From the top down to the first page that holds an asset already known (or to the target). */
async function readNewest(
	ctx: IExecuteFunctions,
	index: Index,
	type: AssetType,
	itemIndex: number,
	hit: () => unknown,
): Promise<void> {
	const firstScan = index.olderCursor === undefined;
	let cursor: string | number | null | undefined;
	while (index.pagesRead < MAX_PAGES) {
		const page = await readPage(ctx, index, type, cursor, itemIndex, firstScan);
		if (hit() || page.metKnown || page.next === null) return;
		cursor = page.next;
	}
}

async function readPage(
	ctx: IExecuteFunctions,
	index: Index,
	type: AssetType,
	cursor: string | number | null | undefined,
	itemIndex: number,
	extendsOlder = true,
): Promise<{ next: string | number | null; metKnown: boolean }> {
	const page = await listAssets(
		ctx,
		{ type, limit: PAGE_SIZE, ...(cursor === undefined || cursor === null ? {} : { cursor }) },
		itemIndex,
	);
	index.pagesRead++;
	let metKnown = false;
	for (const item of page.items) {
		const id = String(item.assetId);
		metKnown ||= index.knownIds.has(id);
		index.knownIds.add(id);
		index.byKey.set(`i:${id}`, item);
		if (typeof item.providerAssetId === 'string' && item.providerAssetId)
			index.byKey.set(`p:${item.providerAssetId}`, item);
		if (typeof item.url === 'string' && item.url) index.byKey.set(`u:${item.url}`, item);
	}
	const next =
		typeof page.nextCursor === 'string' || typeof page.nextCursor === 'number'
			? page.nextCursor
			: null;
	if (extendsOlder) index.olderCursor = next;
	return { next, metKnown };
}

/** An asset's facts from its record: width, height, size and duration (null for images). */
export async function assetFacts(
	ctx: IExecuteFunctions,
	type: AssetType,
	ref: AssetRef,
	itemIndex: number,
): Promise<FoundFacts> {
	const found = await findAssetRecord(ctx, type, ref, itemIndex);
	if (!found.record) return { reason: `the asset's record could not be found: ${found.reason}` };
	const number = (value: unknown) =>
		typeof value === 'number' && Number.isFinite(value) ? value : undefined;
	const { duration, width, height, size } = found.record;
	const fact: MediaFact = {
		kind: KIND[type],
		seconds: number(duration),
		width: number(width),
		height: number(height),
		bytes: number(size),
	};
	return type !== 'IMAGE' && fact.seconds === undefined
		? { fact, reason: "the service's asset record gives no duration" }
		: { fact };
}

const KIND = { IMAGE: 'image', VIDEO: 'video', AUDIO: 'audio' } as const;
