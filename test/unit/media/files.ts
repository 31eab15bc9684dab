import { crc32 } from 'node:zlib';

import { childBoxes, findBox } from '../../../nodes/shared/media/box-reader';
import { parseFrameHeader } from '../../../nodes/shared/media/probe-mp3';
import { makeAudio, makeVideo } from '../../emulator/media';
import { box, fullBox } from '../../emulator/media/boxes';
import { ascii, be16, be32, join } from '../../emulator/media/bytes';

/** Media files for the reader's tests, built from the emulator's writers where they exist. */

export const KB = 1024;
export const MB = 1024 * KB;

/** A constant-bitrate MP3: the generator's file without its Info frame, so the length comes from the bytes. */
export function cbrMp3(seconds: number): Buffer {
	const file = makeAudio('mp3', { seconds });
	return file.subarray(parseFrameHeader(file, 0)!.frameBytes);
}

/** `audio` after an ID3v2.4 tag of `size` bytes (cover art, say). */
export function withId3v2(audio: Buffer, size: number): Buffer {
	const syncsafe = [21, 14, 7, 0].map((shift) => (size >> shift) & 0x7f);
	return join(ascii('ID3'), [4, 0, 0], syncsafe, Buffer.alloc(size), audio);
}

/** A WAV whose data chunk size is the placeholder a streaming recorder writes. */
export function streamedWav(seconds: number): Buffer {
	const wav = Buffer.from(makeAudio('wav', { seconds }));
	wav.writeUInt32LE(0xffffffff, wav.indexOf('data') + 4);
	return wav;
}

function pngChunk(type: string, data: Buffer): Buffer {
	const typed = join(ascii(type), data);
	return join(be32(data.length), typed, be32(crc32(typed)));
}

/** An RGB PNG made transparent by a colour key (tRNS) after `textBytes` of text chunk. */
export function colourKeyPng(png: Buffer, textBytes: number): Buffer {
	const afterHeader = 8 + 25; // signature, IHDR
	const text = pngChunk('tEXt', join(ascii('Comment\0'), Buffer.alloc(textBytes, 0x61)));
	return join(
		png.subarray(0, afterHeader),
		text,
		pngChunk('tRNS', Buffer.alloc(6)),
		png.subarray(afterHeader),
	);
}

/** A Matroska element: its ID bytes, an 8-byte size, its body. */
function element(id: number[], ...body: Buffer[]): Buffer {
	const data = Buffer.concat(body);
	const size = Buffer.alloc(8);
	size.writeUIntBE(data.length, 2, 6);
	size[0] = 0x01;
	return join(id, size, data);
}

/** A WebM of one VP9 track (or audio only) whose Info states `seconds`, then a cluster of `clusterBytes`. */
export function webm(
	seconds: number,
	track: { width: number; height: number } | 'audio',
	clusterBytes = 4 * KB,
): Buffer {
	const duration = Buffer.alloc(8);
	duration.writeDoubleBE(seconds * 1000);
	const entry =
		track === 'audio'
			? element([0xae], element([0x83], Buffer.from([2])))
			: element(
					[0xae],
					element([0x83], Buffer.from([1])),
					element([0xe0], element([0xb0], be16(track.width)), element([0xba], be16(track.height))),
				);
	const segment = element(
		[0x18, 0x53, 0x80, 0x67],
		element(
			[0x15, 0x49, 0xa9, 0x66],
			element([0x44, 0x89], duration),
			element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
		),
		element([0x16, 0x54, 0xae, 0x6b], entry),
		element([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(clusterBytes, 0xa3)),
	);
	return join(element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], ascii('webm'))), segment);
}

const MEDIA_TICKS_PER_SECOND = 90000; // makeVideo's media timescale

/**
 * A fragmented MP4 as a browser's recorder writes it: a moov without samples or duration (from
 * makeVideo's, with its mvhd duration zeroed and an mvex added), then one-second fragments.
 */
export function fragmentedMp4(
	seconds: number,
	options: { mehd: boolean; mdatBytes?: number },
): Buffer {
	const base = Buffer.from(makeVideo('mp4', { width: 320, height: 240, seconds: 1 }));
	const [ftyp, moov] = childBoxes(base);
	base.writeUInt32BE(0, findBox(base, moov, 'mvhd')!.start + 16);
	const trex = fullBox('trex', 0, 0, be32(1), be32(1), be32(0), be32(0), be32(0));
	const mehd = options.mehd ? [fullBox('mehd', 0, 0, be32(seconds * 1000))] : [];
	const movie = box('moov', base.subarray(moov.start, moov.end), box('mvex', ...mehd, trex));
	const fragment = join(
		box(
			'moof',
			box(
				'traf',
				fullBox('tfhd', 0, 0x08, be32(1), be32(MEDIA_TICKS_PER_SECOND / 30)),
				fullBox('trun', 0, 0, be32(30)),
			),
		),
		box('mdat', Buffer.alloc(options.mdatBytes ?? 64)),
	);
	return join(
		base.subarray(0, ftyp.end),
		movie,
		...Array.from({ length: seconds }, () => fragment),
	);
}
