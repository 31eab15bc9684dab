import { ascii, le16, le32 } from './bytes';
import { paintRow } from './paint';

/**
 * Uncompressed bottom-up BMP: 24-bit BGR with a BITMAPINFOHEADER, or 32-bit BGRA with a
 * BITMAPV4HEADER whose alpha mask tells readers the fourth byte is alpha. All rows are equal, so
 * the pixel area is one padded row repeated by Buffer.fill.
 */

const FILE_HEADER_SIZE = 14;
const INFO_HEADER_SIZE = 40;
const V4_HEADER_SIZE = 108;
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const PIXELS_PER_METRE = 2835; // 72 dpi
const SRGB = 0x73524742; // 'sRGB' as the V4 header stores it

function infoHeader(width: number, height: number, alpha: boolean, imageSize: number): Buffer {
	return Buffer.concat([
		le32(alpha ? V4_HEADER_SIZE : INFO_HEADER_SIZE),
		le32(width),
		le32(height),
		le16(1),
		le16(alpha ? 32 : 24),
		le32(alpha ? BI_BITFIELDS : BI_RGB),
		le32(imageSize),
		le32(PIXELS_PER_METRE),
		le32(PIXELS_PER_METRE),
		le32(0),
		le32(0),
	]);
}

/** The V4 tail: channel masks, colour space, and unused endpoints and gamma. */
function v4Tail(): Buffer {
	const masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000].map(le32);
	return Buffer.concat([...masks, le32(SRGB), Buffer.alloc(36 + 12)]);
}

/** One row of samples padded to a multiple of four bytes. */
function pixelRow(width: number, alpha: boolean, seed?: number): Buffer {
	const samples = paintRow(width, seed, alpha ? 'bgra' : 'bgr');
	const row = Buffer.alloc(Math.ceil(samples.length / 4) * 4);
	samples.copy(row);
	return row;
}

export function makeBmp(width: number, height: number, alpha: boolean, seed?: number): Buffer {
	const row = pixelRow(width, alpha, seed);
	const info = infoHeader(width, height, alpha, row.length * height);
	const headers = alpha ? Buffer.concat([info, v4Tail()]) : info;
	const offset = FILE_HEADER_SIZE + headers.length;
	const out = Buffer.alloc(offset + row.length * height);
	Buffer.concat([ascii('BM'), le32(out.length), le32(0), le32(offset), headers]).copy(out);
	out.fill(row, offset);
	return out;
}
