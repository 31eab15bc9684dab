import { childBoxes, findBox, type BoxSpan } from './box-reader';

/**
 * Duration of a fragmented MP4 (what browsers' MediaRecorder and live packagers write): its moov
 * holds no samples, so the length is the mehd box's, or else the sum of one track's sample
 * durations over every moof fragment (only when `track` is given: the caller holds the whole file).
 */

/** The track whose samples are counted: its tkhd id and its mdhd ticks per second. */
interface FragmentedTrack {
	id: number;
	timescale: number;
}

const TFHD_BASE_OFFSET = 0x01;
const TFHD_DESCRIPTION_INDEX = 0x02;
const TFHD_DEFAULT_DURATION = 0x08;
const TRUN_DATA_OFFSET = 0x001;
const TRUN_FIRST_FLAGS = 0x004;
const TRUN_DURATION = 0x100;
/** Optional per-sample fields: duration, size, flags, composition offset; 4 bytes each. */
const TRUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800];

const flagsOf = (bytes: Buffer, span: BoxSpan) => bytes.readUIntBE(span.start + 1, 3);

function runTicks(bytes: Buffer, trun: BoxSpan, defaultDuration: number): number {
	const flags = flagsOf(bytes, trun);
	const count = bytes.readUInt32BE(trun.start + 4);
	if (!(flags & TRUN_DURATION)) return count * defaultDuration;
	const stride = 4 * TRUN_SAMPLE_FIELDS.filter((field) => flags & field).length;
	let at = trun.start + 8 + (flags & TRUN_DATA_OFFSET ? 4 : 0) + (flags & TRUN_FIRST_FLAGS ? 4 : 0);
	let ticks = 0;
	for (let i = 0; i < count && at + 4 <= trun.end; i++, at += stride)
		ticks += bytes.readUInt32BE(at);
	return ticks;
}

function fragmentTicks(
	bytes: Buffer,
	traf: BoxSpan,
	trackId: number,
	trexDuration: number,
): number {
	const tfhd = findBox(bytes, traf, 'tfhd');
	if (!tfhd || bytes.readUInt32BE(tfhd.start + 4) !== trackId) return 0;
	const flags = flagsOf(bytes, tfhd);
	const durationAt =
		tfhd.start + 8 + (flags & TFHD_BASE_OFFSET ? 8 : 0) + (flags & TFHD_DESCRIPTION_INDEX ? 4 : 0);
	const defaultDuration =
		flags & TFHD_DEFAULT_DURATION ? bytes.readUInt32BE(durationAt) : trexDuration;
	return childBoxes(bytes, traf.start, traf.end)
		.filter((span) => span.type === 'trun')
		.reduce((sum, trun) => sum + runTicks(bytes, trun, defaultDuration), 0);
}

export function fragmentedSeconds(
	bytes: Buffer,
	moov: BoxSpan,
	movieTimescale: number | undefined,
	track: FragmentedTrack | undefined,
): number | undefined {
	const mvex = findBox(bytes, moov, 'mvex');
	if (!mvex) return undefined;
	const mehd = findBox(bytes, mvex, 'mehd');
	if (mehd && movieTimescale) {
		const wide = bytes[mehd.start] === 1;
		const duration = wide
			? Number(bytes.readBigUInt64BE(mehd.start + 4))
			: bytes.readUInt32BE(mehd.start + 4);
		if (duration > 0) return duration / movieTimescale;
	}
	if (!track?.timescale) return undefined;
	// trex holds the defaults a fragment falls back on: track id, description index, duration, ...
	const trex = childBoxes(bytes, mvex.start, mvex.end).find(
		(span) => span.type === 'trex' && bytes.readUInt32BE(span.start + 4) === track.id,
	);
	const trexDuration = trex ? bytes.readUInt32BE(trex.start + 12) : 0;
	const ticks = childBoxes(bytes)
		.filter((span) => span.type === 'moof')
		.flatMap((moof) =>
			childBoxes(bytes, moof.start, moof.end).filter((span) => span.type === 'traf'),
		)
		.reduce((sum, traf) => sum + fragmentTicks(bytes, traf, track.id, trexDuration), 0);
	return ticks > 0 ? ticks / track.timescale : undefined;
}
