import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** Just enough ZIP (PKWARE APPNOTE) for XLSX: deflated entries, no zip64, no encryption. */

export interface ZipEntry {
	name: string;
	data: Buffer;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DEFLATE = 8;

function header(size: number, fields: [number, 2 | 4][]): Buffer {
	const buf = Buffer.alloc(size);
	let at = 0;
	for (const [value, bytes] of fields) {
		if (bytes === 2) buf.writeUInt16LE(value, at);
		else buf.writeUInt32LE(value >>> 0, at);
		at += bytes;
	}
	return buf;
}

export function writeZip(entries: ZipEntry[]): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const entry of entries) {
		const name = Buffer.from(entry.name, 'utf8');
		const packed = deflateRawSync(entry.data);
		const crc = crc32(entry.data);
		// version, flags (bit 11: utf-8 names), method, time, date, crc, sizes, name length, extra length
		const common: [number, 2 | 4][] = [
			[20, 2],
			[0x0800, 2],
			[DEFLATE, 2],
			[0, 2],
			[0x21, 2],
			[crc, 4],
			[packed.length, 4],
			[entry.data.length, 4],
			[name.length, 2],
			[0, 2],
		];
		const local = Buffer.concat([header(30, [[LOCAL, 4], ...common]), name, packed]);
		const tail: [number, 2 | 4][] = [
			[0, 2],
			[0, 2],
			[0, 2],
			[0, 4],
			[offset, 4],
		];
		centrals.push(Buffer.concat([header(46, [[CENTRAL, 4], [20, 2], ...common, ...tail]), name]));
		locals.push(local);
		offset += local.length;
	}
	const directory = Buffer.concat(centrals);
	const end = header(22, [
		[END, 4],
		[0, 2],
		[0, 2],
		[entries.length, 2],
		[entries.length, 2],
		[directory.length, 4],
		[offset, 4],
		[0, 2],
	]);
	return Buffer.concat([...locals, directory, end]);
}

/** Reads every entry through the central directory; undefined when the bytes are not a zip. */
export function readZip(zip: Buffer): ZipEntry[] | undefined {
	const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (endAt < 0 || endAt + 22 > zip.length) return undefined;
	const count = zip.readUInt16LE(endAt + 10);
	let at = zip.readUInt32LE(endAt + 16);
	const entries: ZipEntry[] = [];
	for (let i = 0; i < count; i++) {
		if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return undefined;
		const method = zip.readUInt16LE(at + 10);
		const packedSize = zip.readUInt32LE(at + 20);
		const nameLength = zip.readUInt16LE(at + 28);
		const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
		const local = zip.readUInt32LE(at + 42);
		const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
		const packed = zip.subarray(start, start + packedSize);
		entries.push({ name, data: method === DEFLATE ? inflateRawSync(packed) : Buffer.from(packed) });
		at += 46 + skip;
	}
	return entries;
}
