/** Fixed-width integer and text encoders used to assemble headers. */

export function u8(value: number): Buffer {
	return Buffer.from([value & 0xff]);
}

export function be16(value: number): Buffer {
	const out = Buffer.alloc(2);
	out.writeUInt16BE(value & 0xffff);
	return out;
}

export function be32(value: number): Buffer {
	const out = Buffer.alloc(4);
	out.writeUInt32BE(value >>> 0);
	return out;
}

export function le16(value: number): Buffer {
	const out = Buffer.alloc(2);
	out.writeUInt16LE(value & 0xffff);
	return out;
}

export function le32(value: number): Buffer {
	const out = Buffer.alloc(4);
	out.writeUInt32LE(value >>> 0);
	return out;
}

/** Four-character codes and other Latin-1 text. */
export function ascii(text: string): Buffer {
	return Buffer.from(text, 'latin1');
}

export function be64(value: number | bigint): Buffer {
	const out = Buffer.alloc(8);
	out.writeBigUInt64BE(BigInt(value));
	return out;
}

/** Concatenates buffers and plain byte lists. */
export function join(...parts: Array<Buffer | number[]>): Buffer {
	return Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part))));
}
