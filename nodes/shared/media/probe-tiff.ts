import { mediaInfo, type MediaInfo } from './formats';

/** TIFF (either byte order): the size from the first image directory's width and length tags. */

const IMAGE_WIDTH = 256;
const IMAGE_LENGTH = 257;
const SHORT = 3;
const LONG = 4;
const ENTRY_BYTES = 12;

function byteOrder(bytes: Buffer): 'le' | 'be' | undefined {
	if (bytes.length < 8) return undefined;
	if (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes.readUInt16LE(2) === 42) return 'le';
	if (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes.readUInt16BE(2) === 42) return 'be';
	return undefined;
}

export function probeTiff(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	const order = byteOrder(bytes);
	if (!order) return undefined;
	const u16 = (at: number) => (order === 'le' ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
	const u32 = (at: number) => (order === 'le' ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
	const directory = u32(4);
	if (directory + 2 > bytes.length) return mediaInfo('tiff', total);
	const size: { width?: number; height?: number } = {};
	const entries = u16(directory);
	for (let i = 0; i < entries; i++) {
		const at = directory + 2 + i * ENTRY_BYTES;
		if (at + ENTRY_BYTES > bytes.length) break;
		const type = u16(at + 2);
		// One SHORT or LONG value fits in the entry itself, left-aligned.
		const value = type === SHORT ? u16(at + 8) : type === LONG ? u32(at + 8) : undefined;
		if (u16(at) === IMAGE_WIDTH) size.width = value;
		if (u16(at) === IMAGE_LENGTH) size.height = value;
	}
	return mediaInfo('tiff', total, size);
}
