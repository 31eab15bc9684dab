import { createHash } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import { propertyOf } from '../assets/binary-placeholders';
import { binarySource } from '../transport/binary-source';

/**
 * The key an item is remembered by when the user gives none: a hash of the request it would send
 * (model and inputs), so the same row with the same settings is created once. What says where the
 * service reports rather than what it makes is left out: a callback URL, and above all the resume
 * URL of Wait for Completion: Callback, which changes with every execution.
 */
const NOT_THE_WORK = new Set(['callBackUrl']);

/** Read in slices this large to hash binary data: a long video is never held in memory whole. */
const SLICE_BYTES = 1024 * 1024;

/** JSON with object keys sorted at every depth: the same request always reads the same. */
export function stableJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, entry]) => entry !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([name, entry]) => `${JSON.stringify(name)}:${stableJson(entry)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * The request-derived key of one item (all its requests: an image item may make several). Media
 * from binary data stands in the request as a placeholder naming the binary property until it is
 * uploaded; the key holds the file's content hash instead, so another file under the same name is
 * another key.
 */
export async function requestKey(
	ctx: IExecuteFunctions,
	kind: string,
	itemIndex: number,
	requests: unknown[],
): Promise<string> {
	const digests = new Map<string, string>();
	const work = requests.map((request) => withoutReports(request));
	for (const property of placeholdersIn(work)) {
		digests.set(property, await binaryDigest(ctx, itemIndex, property));
	}
	return `${kind}:${sha256(stableJson(withDigests(work, digests)))}`;
}

function withoutReports(request: unknown): unknown {
	if (!request || typeof request !== 'object' || Array.isArray(request)) return request;
	return Object.fromEntries(
		Object.entries(request as Record<string, unknown>).filter(([name]) => !NOT_THE_WORK.has(name)),
	);
}

function placeholdersIn(value: unknown): Set<string> {
	const found = new Set<string>();
	const visit = (entry: unknown): void => {
		const property = propertyOf(entry);
		if (property !== undefined) found.add(property);
		else if (entry && typeof entry === 'object') Object.values(entry).forEach(visit);
	};
	visit(value);
	return found;
}

function withDigests(value: unknown, digests: Map<string, string>): unknown {
	const property = propertyOf(value);
	if (property !== undefined) return `binary:${digests.get(property)}`;
	if (Array.isArray(value)) return value.map((entry) => withDigests(entry, digests));
	if (value && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value).map(([name, entry]) => [name, withDigests(entry, digests)]),
		);
	return value;
}

async function binaryDigest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	property: string,
): Promise<string> {
	const source = await binarySource(ctx, itemIndex, property);
	const hash = createHash('sha256');
	try {
		for (let offset = 0; ; offset += SLICE_BYTES) {
			const slice = await source.read(offset, SLICE_BYTES);
			if (slice.length === 0) break;
			hash.update(slice);
		}
	} finally {
		source.close?.();
	}
	return hash.digest('hex');
}
