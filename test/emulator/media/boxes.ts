import { ascii, be32 } from './bytes';

/** ISO-BMFF / QuickTime box writers. */

export function box(type: string, ...payload: Buffer[]): Buffer {
	const body = Buffer.concat(payload);
	return Buffer.concat([be32(8 + body.length), ascii(type), body]);
}

/** A box whose payload starts with a version byte and 24 bits of flags. */
export function fullBox(
	type: string,
	version: number,
	flags: number,
	...payload: Buffer[]
): Buffer {
	const header = Buffer.from([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]);
	return box(type, header, ...payload);
}

/** The identity transformation matrix of mvhd and tkhd (16.16 and 2.30 fixed point). */
export const IDENTITY_MATRIX = Buffer.concat(
	[0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(be32),
);
