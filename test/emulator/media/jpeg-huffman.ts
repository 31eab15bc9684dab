/** The standard JPEG Huffman tables (ITU T.81 Annex K.3) and their canonical codes. */

export interface HuffmanSpec {
	/** DHT class/id byte: 0x00 DC luma, 0x10 AC luma, 0x01 DC chroma, 0x11 AC chroma. */
	classAndId: number;
	/** Number of codes of each length 1..16. */
	counts: number[];
	symbols: number[];
}

export interface HuffmanCode {
	code: number;
	length: number;
}

const DC_SYMBOLS = Array.from({ length: 12 }, (_, category) => category);

/**
 * Each AC table holds all 162 run/size symbols; the Annex lists a table-specific head and then
 * every remaining symbol in ascending order, so only the heads need spelling out.
 */
function acSymbols(head: number[]): number[] {
	const all = [0x00, 0xf0];
	for (let run = 0; run < 16; run++)
		for (let size = 1; size <= 10; size++) all.push((run << 4) | size);
	const rest = all.filter((symbol) => !head.includes(symbol)).sort((a, b) => a - b);
	return [...head, ...rest];
}

const AC_LUMA_HEAD = [
	0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
	0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
	0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16,
];

const AC_CHROMA_HEAD = [
	0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
	0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0,
	0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1,
];

export const DC_LUMA: HuffmanSpec = {
	classAndId: 0x00,
	counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
	symbols: DC_SYMBOLS,
};

export const AC_LUMA: HuffmanSpec = {
	classAndId: 0x10,
	counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
	symbols: acSymbols(AC_LUMA_HEAD),
};

export const DC_CHROMA: HuffmanSpec = {
	classAndId: 0x01,
	counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
	symbols: DC_SYMBOLS,
};

export const AC_CHROMA: HuffmanSpec = {
	classAndId: 0x11,
	counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
	symbols: acSymbols(AC_CHROMA_HEAD),
};

/** Canonical code assignment (T.81 Annex C): symbol -> code. */
export function canonicalCodes(spec: HuffmanSpec): Map<number, HuffmanCode> {
	const codes = new Map<number, HuffmanCode>();
	let code = 0;
	let next = 0;
	spec.counts.forEach((count, index) => {
		for (let i = 0; i < count; i++)
			codes.set(spec.symbols[next++], { code: code++, length: index + 1 });
		code <<= 1;
	});
	return codes;
}
