import { hasAscii } from './ascii';
import { mediaInfo, type MediaInfo } from './formats';

/**
 * MPEG audio (MP3 and its Layer I/II siblings). Skips an ID3v2 tag, reads the first frame header,
 * then takes the frame count from a Xing/Info or VBRI header when there is one; otherwise assumes
 * constant bitrate and divides the audio bytes by it.
 */

const KBPS = {
	mpeg1: [
		[], // reserved layer
		[0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], // Layer III
		[0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384], // Layer II
		[0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448], // Layer I
	],
	mpeg2: [
		[],
		[0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
		[0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
		[0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
	],
};
/** Indexed by the header's version bits: 0 MPEG-2.5, 1 reserved, 2 MPEG-2, 3 MPEG-1. */
const SAMPLE_RATES = [[11025, 12000, 8000], [], [22050, 24000, 16000], [44100, 48000, 32000]];
const LAYER_I = 3;
const LAYER_III = 1;
const SEARCH_AFTER_TAG = 64 * 1024;

interface FrameHeader {
	bitsPerSecond: number;
	sampleRate: number;
	samplesPerFrame: number;
	frameBytes: number;
	/** Where a Xing/Info header would start, counted from the frame start. */
	xingOffset: number;
}

export function parseFrameHeader(bytes: Buffer, at: number): FrameHeader | undefined {
	if (at < 0 || at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0)
		return undefined;
	const version = (bytes[at + 1] >> 3) & 3;
	const layer = (bytes[at + 1] >> 1) & 3;
	const bitrateIndex = bytes[at + 2] >> 4;
	const rateIndex = (bytes[at + 2] >> 2) & 3;
	if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
		return undefined;
	const mpeg1 = version === 3;
	const bitsPerSecond = KBPS[mpeg1 ? 'mpeg1' : 'mpeg2'][layer][bitrateIndex] * 1000;
	const sampleRate = SAMPLE_RATES[version][rateIndex];
	const padding = (bytes[at + 2] >> 1) & 1;
	const samplesPerFrame = layer === LAYER_I ? 384 : layer === LAYER_III && !mpeg1 ? 576 : 1152;
	const frameBytes =
		layer === LAYER_I
			? (Math.floor((12 * bitsPerSecond) / sampleRate) + padding) * 4
			: Math.floor(((samplesPerFrame / 8) * bitsPerSecond) / sampleRate) + padding;
	const mono = bytes[at + 3] >> 6 === 3;
	const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
	return { bitsPerSecond, sampleRate, samplesPerFrame, frameBytes, xingOffset: 4 + sideInfo };
}

/** Bytes taken by a leading ID3v2 tag (size is four 7-bit "syncsafe" bytes), or 0. */
export function id3v2Length(bytes: Buffer): number {
	if (bytes.length < 10 || !hasAscii(bytes, 0, 'ID3')) return 0;
	const size =
		((bytes[6] & 0x7f) << 21) |
		((bytes[7] & 0x7f) << 14) |
		((bytes[8] & 0x7f) << 7) |
		(bytes[9] & 0x7f);
	const footer = bytes[5] & 0x10 ? 10 : 0;
	return 10 + size + footer;
}

/**
 * The first frame at or after `start` (searched up to 64 KB further when `search`, since taggers
 * pad after the tag); a header counts when the next frame also starts with one (or the bytes end first).
 */
function firstFrame(
	bytes: Buffer,
	start: number,
	search: boolean,
): { at: number; header: FrameHeader } | undefined {
	const last = search ? Math.min(bytes.length - 4, start + SEARCH_AFTER_TAG) : start;
	for (let at = start; at <= last; at++) {
		const header = parseFrameHeader(bytes, at);
		const next = header && at + header.frameBytes;
		const confirmed =
			next !== undefined &&
			(next + 4 > bytes.length || parseFrameHeader(bytes, next) !== undefined);
		if (header && confirmed) return { at, header };
	}
	return undefined;
}

/** Frame count from a Xing/Info (LAME) or VBRI (Fraunhofer) header in the first frame. */
function countedFrames(bytes: Buffer, at: number, header: FrameHeader): number | undefined {
	const xing = at + header.xingOffset;
	if (
		(hasAscii(bytes, xing, 'Xing') || hasAscii(bytes, xing, 'Info')) &&
		xing + 12 <= bytes.length
	) {
		return bytes.readUInt32BE(xing + 4) & 0x1 ? bytes.readUInt32BE(xing + 8) : undefined;
	}
	const vbri = at + 4 + 32;
	return hasAscii(bytes, vbri, 'VBRI') && vbri + 18 <= bytes.length
		? bytes.readUInt32BE(vbri + 14)
		: undefined;
}

/**
 * `total` is the file's length when `bytes` is only part of it, and `offset` where `bytes` starts
 * in the file (above 0 for the audio after an ID3v2 tag longer than a head). A constant-bitrate
 * duration counts the audio bytes up to the end of the file. An ID3v1 tag (the last 128 bytes) is
 * seen only when `bytes` reach the end; otherwise it is counted as audio, which overstates the
 * length by at most 128 bytes' worth (32 ms at 32 kbit/s) and never understates it.
 */
export function probeMpegAudio(
	bytes: Buffer,
	total: number,
	offset: number,
): MediaInfo | undefined {
	const tag = offset === 0 ? id3v2Length(bytes) : 0;
	const first = firstFrame(bytes, tag, tag > 0 || offset > 0);
	if (!first) return undefined;
	const { header } = first;
	// A first frame cut short may hide its Xing/Info frame count: no duration then.
	if (first.at + header.frameBytes > bytes.length) return mediaInfo('mp3', total);
	const frames = countedFrames(bytes, first.at, header);
	if (frames !== undefined) {
		return mediaInfo('mp3', total, {
			seconds: (frames * header.samplesPerFrame) / header.sampleRate,
		});
	}
	const at = offset + first.at;
	const end = offset + bytes.length === total;
	const id3v1 = end && total - at >= 128 && hasAscii(bytes, total - offset - 128, 'TAG') ? 128 : 0;
	return mediaInfo('mp3', total, { seconds: ((total - at - id3v1) * 8) / header.bitsPerSecond });
}

export function probeMp3(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	return probeMpegAudio(bytes, total, 0);
}
