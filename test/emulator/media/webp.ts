import { LsbBitWriter } from './bits';
import { ascii, le32 } from './bytes';
import { ALPHA, baseColour } from './paint';

/**
 * Lossless (VP8L) WebP of one flat colour. Each of the five prefix codes is a "simple" code with a
 * single symbol, which costs zero bits per pixel: the whole image is a fixed-size header, whatever
 * its size (VP8L allows up to 16384 x 16384).
 */

const SIGNATURE = 0x2f;

/** A simple prefix code (WebP lossless spec 3.7.2.1.1) that always yields `symbol`. */
function singleSymbolCode(writer: LsbBitWriter, symbol: number): void {
	writer.bits(1, 1); // simple code
	writer.bits(0, 1); // one symbol
	const wide = symbol > 1;
	writer.bits(wide ? 1 : 0, 1);
	writer.bits(symbol, wide ? 8 : 1);
}

function bitstream(width: number, height: number, alpha: boolean, seed?: number): Buffer {
	const [red, green, blue] = baseColour(seed);
	const writer = new LsbBitWriter();
	writer.bits(SIGNATURE, 8);
	writer.bits(width - 1, 14).bits(height - 1, 14);
	writer.bits(alpha ? 1 : 0, 1).bits(0, 3); // alpha hint, version 0
	writer.bits(0, 1); // no transforms
	writer.bits(0, 1); // no colour cache
	writer.bits(0, 1); // one prefix code group for the whole image
	// Order: green (with lengths), red, blue, alpha, distance.
	for (const symbol of [green, red, blue, alpha ? ALPHA : 255, 0]) singleSymbolCode(writer, symbol);
	return writer.toBuffer();
}

export function makeWebp(width: number, height: number, alpha: boolean, seed?: number): Buffer {
	const data = bitstream(width, height, alpha, seed);
	const padded = data.length % 2 === 1 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
	const chunk = Buffer.concat([ascii('VP8L'), le32(data.length), padded]);
	return Buffer.concat([ascii('RIFF'), le32(4 + chunk.length), ascii('WEBP'), chunk]);
}
