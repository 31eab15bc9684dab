import { childBoxes, findBox, skipFullBoxHeader, type BoxSpan } from './box-reader';

/**
 * HEIC picture size: the 'ispe' property of the primary item (a grid for camera photos, whose
 * tiles carry their own smaller ispe), turned by a quarter-turn 'irot' when present.
 */

interface Size {
	width?: number;
	height?: number;
}

/** pitm: the primary item's id (16 bits in version 0, 32 in version 1). */
function primaryItem(bytes: Buffer, meta: BoxSpan): number | undefined {
	const pitm = findBox(bytes, meta, 'pitm');
	if (!pitm || pitm.start + 6 > pitm.end) return undefined;
	return bytes[pitm.start] === 0
		? bytes.readUInt16BE(pitm.start + 4)
		: bytes.readUInt32BE(pitm.start + 4);
}

/** ipma: 1-based ipco property indexes associated with `item`. */
function itemProperties(bytes: Buffer, ipma: BoxSpan, item: number): number[] {
	const wideIds = bytes[ipma.start] >= 1;
	const wideIndexes = (bytes[ipma.start + 3] & 1) === 1;
	const entries = bytes.readUInt32BE(ipma.start + 4);
	let at = ipma.start + 8;
	for (let entry = 0; entry < entries && at < ipma.end; entry++) {
		const id = wideIds ? bytes.readUInt32BE(at) : bytes.readUInt16BE(at);
		at += wideIds ? 4 : 2;
		const count = bytes[at++];
		const indexes: number[] = [];
		for (let i = 0; i < count; i++, at += wideIndexes ? 2 : 1) {
			indexes.push(wideIndexes ? bytes.readUInt16BE(at) & 0x7fff : bytes[at] & 0x7f); // top bit: essential
		}
		if (id === item) return indexes;
	}
	return [];
}

function ispeSize(bytes: Buffer, ispe: BoxSpan): Size {
	if (ispe.start + 12 > ispe.end) return {};
	return { width: bytes.readUInt32BE(ispe.start + 4), height: bytes.readUInt32BE(ispe.start + 8) };
}

/** Without item associations, the largest ispe is the full picture rather than a tile. */
function largestSize(bytes: Buffer, properties: BoxSpan[]): Size {
	const sizes = properties
		.filter((span) => span.type === 'ispe')
		.map((span) => ispeSize(bytes, span));
	return (
		sizes.sort((a, b) => (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0))[0] ??
		{}
	);
}

export function heifSize(bytes: Buffer): Size {
	const metaBox = findBox(bytes, undefined, 'meta');
	if (!metaBox || metaBox.cut) return {};
	const meta = skipFullBoxHeader(metaBox);
	const ipco = findBox(bytes, meta, 'iprp', 'ipco');
	const ipma = findBox(bytes, meta, 'iprp', 'ipma');
	const properties = ipco ? childBoxes(bytes, ipco.start, ipco.end) : [];
	const item = primaryItem(bytes, meta);
	if (item === undefined || !ipma) return largestSize(bytes, properties);
	const own = itemProperties(bytes, ipma, item)
		.map((index) => properties[index - 1])
		.filter(Boolean);
	const ispe = own.find((span) => span.type === 'ispe');
	if (!ispe) return largestSize(bytes, properties);
	const size = ispeSize(bytes, ispe);
	const irot = own.find((span) => span.type === 'irot');
	const quarterTurn = irot !== undefined && irot.start < irot.end && (bytes[irot.start] & 1) === 1;
	return quarterTurn ? { width: size.height, height: size.width } : size;
}
