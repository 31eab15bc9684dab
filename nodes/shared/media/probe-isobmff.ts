import { childBoxes, findBox, type BoxSpan } from './box-reader';
import { mediaInfo, type MediaFormat, type MediaInfo } from './formats';
import { fragmentedSeconds } from './probe-fragments';
import { heifSize } from './probe-heif';

/** MP4, QuickTime and HEIC: all ISO-BMFF box trees, told apart by the ftyp brands. */

const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];
/** AVIF shares HEIF's container but is not a format we report. */
const AVIF_BRANDS = ['avif', 'avis'];
/** Old QuickTime files have no ftyp and start straight with one of these. */
const BARE_QUICKTIME_BOXES = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

type Size = { width?: number; height?: number };

function fileBrands(bytes: Buffer, ftyp: BoxSpan): string[] {
	const brands = [bytes.toString('latin1', ftyp.start, ftyp.start + 4)];
	for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4)
		brands.push(bytes.toString('latin1', at, at + 4));
	return brands;
}

function containerFormat(bytes: Buffer): MediaFormat | undefined {
	if (bytes.length < 8) return undefined;
	const type = bytes.toString('latin1', 4, 8);
	if (type !== 'ftyp') return BARE_QUICKTIME_BOXES.includes(type) ? 'mov' : undefined;
	if (bytes.length < 12) return undefined; // the major brand is cut off
	const ftyp = { type, start: 8, end: Math.min(bytes.readUInt32BE(0), bytes.length) };
	const brands = fileBrands(bytes, ftyp);
	if (brands.some((brand) => AVIF_BRANDS.includes(brand))) return undefined;
	if (brands.some((brand) => HEIF_BRANDS.includes(brand))) return 'heic';
	return brands[0] === 'qt  ' ? 'mov' : 'mp4';
}

/** Timescale and duration of an mvhd or mdhd; version 1 widens the times and duration to 64 bits. */
function timing(
	bytes: Buffer,
	span: BoxSpan,
): { timescale: number; duration?: number } | undefined {
	const wide = bytes[span.start] === 1;
	const at = span.start + (wide ? 20 : 12);
	if (at + (wide ? 12 : 8) > span.end) return undefined;
	const duration = wide ? Number(bytes.readBigUInt64BE(at + 4)) : bytes.readUInt32BE(at + 4);
	// Zero (fragmented files) and all ones both mean "not known here".
	const known = duration > 0 && duration !== (wide ? 2 ** 64 - 1 : 0xffffffff);
	return { timescale: bytes.readUInt32BE(at), duration: known ? duration : undefined };
}

/** tkhd width and height (16.16 fixed), swapped when the matrix turns the picture a quarter. */
function trackSize(bytes: Buffer, tkhd: BoxSpan): Size {
	const matrix = tkhd.start + (bytes[tkhd.start] === 1 ? 52 : 40);
	if (matrix + 44 > tkhd.end) return {};
	const width = Math.round(bytes.readUInt32BE(matrix + 36) / 0x10000);
	const height = Math.round(bytes.readUInt32BE(matrix + 40) / 0x10000);
	const quarterTurn = bytes.readInt32BE(matrix) === 0 && bytes.readInt32BE(matrix + 4) !== 0;
	return quarterTurn ? { width: height, height: width } : { width, height };
}

interface Track {
	id: number;
	/** 'vide', 'soun', ... */
	handler?: string;
	/** Ticks per second of the track's media times (mdhd). */
	timescale: number;
	size: Size;
}

/** True when a 4-byte field at `offset` into the payload lies inside the box. */
function fits(span: BoxSpan | undefined, offset: number): span is BoxSpan {
	return span !== undefined && span.start + offset + 4 <= span.end;
}

function readTrack(bytes: Buffer, trak: BoxSpan): Track {
	const tkhd = findBox(bytes, trak, 'tkhd');
	const hdlr = findBox(bytes, trak, 'mdia', 'hdlr');
	const mdhd = findBox(bytes, trak, 'mdia', 'mdhd');
	const idOffset = tkhd && bytes[tkhd.start] === 1 ? 20 : 12;
	return {
		id: fits(tkhd, idOffset) ? bytes.readUInt32BE(tkhd.start + idOffset) : 0,
		handler: fits(hdlr, 8) ? bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12) : undefined,
		timescale: (mdhd && timing(bytes, mdhd)?.timescale) || 0,
		size: tkhd ? trackSize(bytes, tkhd) : {},
	};
}

function tracks(bytes: Buffer, moov: BoxSpan): Track[] {
	return childBoxes(bytes, moov.start, moov.end)
		.filter((span) => span.type === 'trak')
		.map((trak) => readTrack(bytes, trak));
}

/**
 * `total` is the file's length when `bytes` is only part of it (its head, or its ftyp and moov):
 * the fragments of a fragmented file are then not all here, so their durations are not summed.
 */
function probeMovie(bytes: Buffer, format: 'mp4' | 'mov', total: number): MediaInfo {
	const moov = findBox(bytes, undefined, 'moov');
	// A moov cut short may have lost a track: its facts are read only whole.
	if (!moov || moov.cut) return mediaInfo(format, total);
	const mvhd = findBox(bytes, moov, 'mvhd');
	const movie = mvhd && timing(bytes, mvhd);
	const all = tracks(bytes, moov);
	const video =
		all.find((track) => track.handler === 'vide') ?? all.find((track) => track.size.width);
	const audioOnly = !video && all.some((track) => track.handler === 'soun');
	const whole = bytes.length === total;
	const seconds =
		movie?.duration && movie.timescale
			? movie.duration / movie.timescale
			: fragmentedSeconds(bytes, moov, movie?.timescale, whole ? (video ?? all[0]) : undefined);
	return mediaInfo(format, total, { ...video?.size, seconds }, audioOnly);
}

export function probeIsoBmff(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	const format = containerFormat(bytes);
	if (format === 'heic') return mediaInfo('heic', total, heifSize(bytes));
	return format === 'mp4' || format === 'mov' ? probeMovie(bytes, format, total) : undefined;
}
