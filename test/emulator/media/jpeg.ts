import { MsbBitWriter } from './bits';
import { ascii, be16 } from './bytes';
import {
	AC_CHROMA,
	AC_LUMA,
	DC_CHROMA,
	DC_LUMA,
	canonicalCodes,
	type HuffmanSpec,
} from './jpeg-huffman';
import { baseColour, colourAt, type Rgb } from './paint';

/**
 * Minimal baseline JPEG encoder: every 8x8 block is flat (DC coefficient only, then end-of-block),
 * coded with the standard Huffman tables. A restart marker after each row of blocks resets the DC
 * predictors, so every row's entropy-coded bytes are identical and are coded once.
 */

/** With every quantiser 8, a quantised DC coefficient is exactly the block mean minus 128. */
const QUANTISER = 8;
const COMPONENTS = [
	{ id: 1, dc: canonicalCodes(DC_LUMA), ac: canonicalCodes(AC_LUMA), tables: 0x00 },
	{ id: 2, dc: canonicalCodes(DC_CHROMA), ac: canonicalCodes(AC_CHROMA), tables: 0x11 },
	{ id: 3, dc: canonicalCodes(DC_CHROMA), ac: canonicalCodes(AC_CHROMA), tables: 0x11 },
];
const END_OF_BLOCK = 0x00;

/** Entropy-coded data must not contain a bare 0xFF: it is followed by a stuffed zero byte. */
class StuffingBitWriter extends MsbBitWriter {
	protected emit(byte: number): void {
		super.emit(byte);
		if (byte === 0xff) super.emit(0x00);
	}
}

function segment(marker: number, payload: Buffer): Buffer {
	return Buffer.concat([Buffer.from([0xff, marker]), be16(payload.length + 2), payload]);
}

function huffmanTable(spec: HuffmanSpec): Buffer {
	return Buffer.from([spec.classAndId, ...spec.counts, ...spec.symbols]);
}

function toYCbCr([r, g, b]: Rgb): number[] {
	const y = 0.299 * r + 0.587 * g + 0.114 * b;
	const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
	const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
	return [y, cb, cr].map((value) => Math.round(Math.min(255, Math.max(0, value))) - 128);
}

/** DC difference: its magnitude category's code, then the category's bits (T.81 F.1.2.1). */
function writeDc(
	writer: MsbBitWriter,
	codes: ReturnType<typeof canonicalCodes>,
	diff: number,
): void {
	const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
	const { code, length } = codes.get(category)!;
	writer.bits(code, length);
	if (category > 0) writer.bits(diff > 0 ? diff : diff + (1 << category) - 1, category);
}

/** One restart interval: a full row of 8x8 blocks, each component flat at the column's colour. */
function encodeBlockRow(width: number, seed?: number): Buffer {
	const base = baseColour(seed);
	const writer = new StuffingBitWriter();
	const predictors = [0, 0, 0];
	for (let column = 0; column * 8 < width; column++) {
		const levels = toYCbCr(colourAt(base, Math.min(width - 1, column * 8 + 4), width));
		COMPONENTS.forEach((component, index) => {
			writeDc(writer, component.dc, levels[index] - predictors[index]);
			predictors[index] = levels[index];
			const eob = component.ac.get(END_OF_BLOCK)!;
			writer.bits(eob.code, eob.length);
		});
	}
	return writer.align(1).toBuffer();
}

function headers(width: number, height: number): Buffer {
	const components = COMPONENTS.flatMap((component) => [component.id, 0x11, 0]);
	const scan = COMPONENTS.flatMap((component) => [component.id, component.tables]);
	return Buffer.concat([
		Buffer.from([0xff, 0xd8]),
		segment(0xe0, Buffer.concat([ascii('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])])),
		segment(0xdb, Buffer.from([0x00, ...new Array<number>(64).fill(QUANTISER)])),
		segment(
			0xc0,
			Buffer.concat([Buffer.from([8]), be16(height), be16(width), Buffer.from([3, ...components])]),
		),
		segment(0xc4, Buffer.concat([DC_LUMA, AC_LUMA, DC_CHROMA, AC_CHROMA].map(huffmanTable))),
		segment(0xdd, be16(Math.ceil(width / 8))),
		segment(0xda, Buffer.from([3, ...scan, 0, 63, 0])),
	]);
}

/** Baseline YCbCr 4:4:4 JPEG of exactly width x height. */
export function makeJpeg(width: number, height: number, seed?: number): Buffer {
	const row = encodeBlockRow(width, seed);
	const parts = [headers(width, height)];
	const rows = Math.ceil(height / 8);
	for (let index = 0; index < rows; index++) {
		if (index > 0) parts.push(Buffer.from([0xff, 0xd0 + ((index - 1) % 8)]));
		parts.push(row);
	}
	parts.push(Buffer.from([0xff, 0xd9]));
	return Buffer.concat(parts);
}
