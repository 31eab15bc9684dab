import { hasAscii } from './ascii';
import type { MediaInfo } from './formats';
import { probeMedia } from './probe';
import { id3v2Length, probeMpegAudio } from './probe-mp3';
import { factsBoxOf, MAX_FACTS_BOX, readFactsBox } from './read-boxes';
import {
	BoundedReader,
	ForwardWindows,
	ReadRefused,
	sizeText,
	type ByteSource,
	type ReadBudget,
} from './source';

/**
 * The facts of a media file (kind, format, size, duration, dimensions, alpha) read from any byte
 * source within a budget, without reading the file whole: the head, and for MP4/MOV/HEIC the one
 * box that holds the facts wherever it lies. `reason` says in plain words why facts are missing:
 * all of them (no `info`), or, beside `info`, the duration of a video or audio file.
 */
export type MediaRead = { info: MediaInfo; reason?: string } | { info?: undefined; reason: string };

/** Enough for every header this package reads (image headers, WebM, WAV, MP3 frames). */
export const HEAD_BYTES = 256 * 1024;
const MP3_SEARCH_BYTES = 64 * 1024 + 4096;
export const DEFAULT_READ_BUDGET: ReadBudget = {
	maxBytes: HEAD_BYTES + MAX_FACTS_BOX + MP3_SEARCH_BYTES,
	maxReads: 32,
};
const NOT_MEDIA = 'not a media file this package can read';
const EMPTY = 'the file is empty';

type Probe = (bytes: Buffer, total: number) => MediaInfo | undefined;

/**
 * A probe when the file's length may be unknown. Facts that depend on it are left out then: the
 * size, and a duration that changes with it (told by probing as if the file were twice as long).
 */
function probeWithLength(
	probe: Probe,
	bytes: Buffer,
	total: number | undefined,
): { info?: MediaInfo; lengthMissing?: boolean } {
	if (total !== undefined) return { info: probe(bytes, total) };
	const short = probe(bytes, bytes.length);
	if (!short) return {};
	const { seconds, ...facts } = short;
	// the size probed from a guessed length is a guess too
	delete facts.bytes;
	const steady = probe(bytes, bytes.length * 2 + 1)?.seconds === seconds;
	return {
		info: steady && seconds !== undefined ? { ...facts, seconds } : facts,
		lengthMissing: !steady,
	};
}

/** Audio after an ID3v2 tag (cover art) that runs past the head. */
async function afterLongTag(windows: ForwardWindows, head: Buffer, total: number | undefined) {
	if (!hasAscii(head, 0, 'ID3')) return {};
	const tagEnd = id3v2Length(head);
	if (tagEnd + MP3_SEARCH_BYTES <= head.length) return {};
	const audio = await windows.range(tagEnd, MP3_SEARCH_BYTES);
	const result = probeWithLength(
		(bytes, length) => probeMpegAudio(bytes, length + tagEnd, tagEnd),
		audio,
		total && total - tagEnd,
	);
	return result.info && total !== undefined
		? { ...result, info: { ...result.info, bytes: total } }
		: result;
}

/** The facts, and why a video or audio file has no duration. */
function withDurationReason(info: MediaInfo, lengthMissing?: boolean): MediaRead {
	if (info.kind === 'image' || info.seconds !== undefined) return { info };
	const format = info.format.toUpperCase();
	if (lengthMissing)
		return {
			info,
			reason: `the length of the file is unknown, and the duration of this ${format} file depends on it`,
		};
	return { info, reason: `the ${format} file does not state its duration in its header` };
}

async function readFacts(reader: BoundedReader): Promise<MediaRead> {
	const asked = Math.min(HEAD_BYTES, reader.remaining);
	const head = await reader.read(0, asked);
	if (head.length === 0) return { reason: EMPTY };
	const total = reader.size ?? (head.length < asked ? head.length : undefined);
	const whole = head.length === total;
	const windows = new ForwardWindows(reader, head);
	let { info, lengthMissing } = probeWithLength(probeMedia, head, total);
	if (!info && !whole) ({ info, lengthMissing } = await afterLongTag(windows, head, total));
	if (!info)
		return {
			reason:
				whole || head.length >= HEAD_BYTES
					? NOT_MEDIA
					: `${NOT_MEDIA} from its first ${sizeText(head.length)}`,
		};
	const box = factsBoxOf(info.format);
	if (box && !whole) {
		const facts = await readFactsBox(windows, head, box, total);
		({ info, lengthMissing } = probeWithLength(probeMedia, facts, total));
		if (!info) return { reason: NOT_MEDIA };
	}
	return withDurationReason(info, lengthMissing);
}

function wholeFileFacts(file: Buffer): MediaRead {
	if (file.length === 0) return { reason: EMPTY };
	const info = probeMedia(file);
	return info ? withDurationReason(info) : { reason: NOT_MEDIA };
}

/** A source's own failure (a stream error, a refused request) is a reason too. */
function failureReason(error: unknown): string {
	if (error instanceof ReadRefused) return error.message;
	return `the file could not be read (${error instanceof Error ? error.message : String(error)})`;
}

/**
 * Reads a media file's facts from `source` within `budget` (bytes delivered, number of reads) and
 * closes the source; a source holding the whole file in memory is probed whole. Never throws: what stops the reading is the reason. A source may throw a
 * ReadRefused to give its own reason ("the host does not answer range requests").
 */
export async function readMedia(
	source: ByteSource,
	budget: ReadBudget = DEFAULT_READ_BUDGET,
): Promise<MediaRead> {
	try {
		if (source.wholeFile) return wholeFileFacts(source.wholeFile);
		return await readFacts(new BoundedReader(source, budget));
	} catch (error) {
		return { reason: failureReason(error) };
	} finally {
		source.close?.();
	}
}
