import type { IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { cancelSignal } from '../execution/abort';
import { describeFailure } from '../transport/failure';
import { attemptClock, seconds, untilAborted } from '../transport/limits';
import type { AttemptClock } from '../transport/limits';
import { credentialOrigin } from '../transport/own-origin';
import { getFollowingChecked, streamGet } from '../transport/redirects';
import { fetchRefusalResolved, resolverOf } from '../transport/resolve-check';
import { readMedia, ReadRefused } from '../media';
import type { ByteSource, MediaRead, ReadBudget } from '../media';

/**
 * A video or audio URL's header, read with HTTP range requests (`Range: bytes=a-b`), never the
 * whole file: a few small reads, bounded in bytes, reads and time. Only public https addresses or
 * the credential's own origin are asked, a name by the addresses it resolves to
 * (docs/architecture.md, Promises: Downloads from where results live), on every redirect hop, and
 * the key is never sent. A host that does not answer a range with 206 is "unknown": the file is
 * not read.
 */

const BUDGET: ReadBudget = { maxBytes: 4 * 1024 * 1024, maxReads: 6 };
const TIMEOUT_MS = 15_000;

export async function readUrlMedia(ctx: IExecuteFunctions, url: string): Promise<MediaRead> {
	const own = await credentialOrigin(ctx, 'unified');
	const resolve = resolverOf(ctx);
	const fetchable: Fetchable = async (next) =>
		await fetchRefusalResolved(next, own, false, resolve);
	const refused = await fetchable(url);
	if (refused) return { reason: `${refused}, so it was not asked` };
	const clock = attemptClock(cancelSignal(ctx), TIMEOUT_MS);
	try {
		return await untilAborted(
			readMedia(rangeSource(ctx, url, fetchable, clock), BUDGET),
			clock.signal,
		);
	} catch {
		// Only the clock ends a reading early: readMedia turns every other failure into its reason.
		return {
			reason: clock.stopped()
				? 'the execution was stopped'
				: `its header did not arrive within ${seconds(clock.limitMs)}`,
		};
	}
}

/** Why a URL is not asked, or undefined when it may be (each redirect hop is judged by it). */
type Fetchable = (url: string) => Promise<string | undefined>;

function rangeSource(
	ctx: IExecuteFunctions,
	url: string,
	fetchable: Fetchable,
	clock: AttemptClock,
): ByteSource {
	const source = {
		size: undefined as number | undefined,
		async read(offset: number, length: number): Promise<Buffer> {
			const response = await rangeRequest(
				ctx,
				url,
				fetchable,
				clock,
				`bytes=${offset}-${offset + length - 1}`,
			).catch((error: unknown) => {
				throw error instanceof ReadRefused
					? error
					: new ReadRefused(`the host could not be read: ${describeFailure(error)}`);
			});
			const body = response.body as AsyncIterable<Buffer> & { destroy(): void };
			try {
				if (response.statusCode === 416) return Buffer.alloc(0);
				if (response.statusCode !== 206)
					throw new ReadRefused(
						`the host answered HTTP ${response.statusCode} instead of a part of the file (no range requests)`,
					);
				source.size ??= totalOf(response.headers?.['content-range']);
				return await firstBytes(body, length);
			} finally {
				body.destroy();
			}
		},
	};
	return source;
}

/** One range request; redirects are followed, each hop checked like the first. */
async function rangeRequest(
	ctx: IExecuteFunctions,
	url: string,
	fetchable: Fetchable,
	clock: AttemptClock,
	range: string,
): Promise<IN8nHttpFullResponse> {
	const answer = await getFollowingChecked(streamGet(ctx, clock, { range }), url, fetchable);
	if ('refused' in answer) throw new ReadRefused(answer.refused);
	return answer.response;
}

/** `bytes a-b/total`: the file's size, when the host says it. */
function totalOf(header: unknown): number | undefined {
	const total = typeof header === 'string' ? /\/(\d+)\s*$/.exec(header)?.[1] : undefined;
	return total === undefined ? undefined : Number(total);
}

/** At most `length` bytes of the body; the rest is never read (the caller destroys the stream). */
async function firstBytes(body: AsyncIterable<Buffer>, length: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let total = 0;
	for await (const chunk of body) {
		chunks.push(chunk);
		total += chunk.length;
		if (total >= length) break;
	}
	return Buffer.concat(chunks).subarray(0, length);
}
