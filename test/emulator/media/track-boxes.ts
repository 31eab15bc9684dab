import { IDENTITY_MATRIX, box, fullBox } from './boxes';
import { ascii, be16, be32 } from './bytes';

/** The boxes every `trak` has, whatever its media: tkhd, mdhd, hdlr, dinf. */

const LANGUAGE_UNDETERMINED = 0x55c4; // 'und' packed as three 5-bit letters

export interface TrackHeader {
	id: number;
	/** In the movie timescale. */
	duration: number;
	/** 8.8 fixed: 0x100 (full) for sound, 0 for video. */
	volume: number;
	width: number;
	height: number;
}

export function trackHeader({ id, duration, volume, width, height }: TrackHeader): Buffer {
	return fullBox(
		'tkhd',
		0,
		0x3, // enabled, in movie
		be32(0),
		be32(0),
		be32(id),
		be32(0),
		be32(duration),
		Buffer.alloc(8),
		be16(0),
		be16(0),
		be16(volume),
		be16(0), // layer, group, volume, reserved
		IDENTITY_MATRIX,
		be32(width * 0x10000),
		be32(height * 0x10000),
	);
}

export function mediaHeader(timescale: number, duration: number): Buffer {
	const times = [be32(0), be32(0), be32(timescale), be32(duration)]; // created, modified, scale, duration
	return fullBox('mdhd', 0, 0, ...times, be16(LANGUAGE_UNDETERMINED), be16(0));
}

/**
 * `type` is 'vide' or 'soun'. QuickTime names the component type and uses a Pascal string; ISO a
 * zero and a C string.
 */
export function handler(type: string, name: string, quickTime: boolean): Buffer {
	const nameBytes = quickTime
		? Buffer.concat([Buffer.from([name.length]), ascii(name)])
		: ascii(`${name}\0`);
	return fullBox(
		'hdlr',
		0,
		0,
		quickTime ? ascii('mhlr') : be32(0),
		ascii(type),
		Buffer.alloc(12),
		nameBytes,
	);
}

/** The samples are in this file. */
export const dataInformation = () =>
	box('dinf', fullBox('dref', 0, 0, be32(1), fullBox('url ', 0, 1)));
