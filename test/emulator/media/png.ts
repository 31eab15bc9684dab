import { crc32, deflateSync, constants } from 'zlib';
import { ascii, be32 } from './bytes';
import { paintRow } from './paint';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FILTER_NONE = 0;
const FILTER_UP = 2;

function chunk(type: string, data: Buffer): Buffer {
	const typed = Buffer.concat([ascii(type), data]);
	return Buffer.concat([be32(data.length), typed, be32(crc32(typed))]);
}

/**
 * Scanlines: the painted row once, then every later row uses the Up filter, whose bytes are all
 * zero because the rows are identical. That makes the raw data almost entirely zeros.
 */
function scanlines(width: number, height: number, alpha: boolean, seed?: number): Buffer {
	const row = paintRow(width, seed, alpha ? 'rgba' : 'rgb');
	const stride = row.length + 1;
	const raw = Buffer.alloc(stride * height);
	raw[0] = FILTER_NONE;
	row.copy(raw, 1);
	for (let y = 1; y < height; y++) raw[y * stride] = FILTER_UP;
	return raw;
}

/** 8-bit truecolour PNG (RGBA when `alpha`). */
export function makePng(width: number, height: number, alpha: boolean, seed?: number): Buffer {
	const header = Buffer.concat([
		be32(width),
		be32(height),
		Buffer.from([8, alpha ? 6 : 2, 0, 0, 0]),
	]);
	// Run-length matching finds the zero runs as well as full matching, several times faster.
	const pixels = deflateSync(scanlines(width, height, alpha, seed), {
		level: 9,
		strategy: constants.Z_RLE,
	});
	return Buffer.concat([
		SIGNATURE,
		chunk('IHDR', header),
		chunk('IDAT', pixels),
		chunk('IEND', Buffer.alloc(0)),
	]);
}
