import { LsbBitWriter } from './bits';
import { ascii, le16 } from './bytes';
import { baseColour } from './paint';

/**
 * Single-colour GIF89a. Every pixel has palette index 0, so LZW only ever emits runs of zeros:
 * run 1, 2, 3, ... each the entry the previous code created. The encoder works on run lengths, never
 * on pixels, so a 4096 x 4096 image costs a few thousand codes.
 */

const MIN_CODE_SIZE = 2;
const CLEAR = 1 << MIN_CODE_SIZE;
const END = CLEAR + 1;
const FIRST_FREE = CLEAR + 2;
const MAX_CODE = 4095;

/** Mirrors the decoder's dictionary so every code is written with the width it will be read at. */
class LzwState {
	width = MIN_CODE_SIZE + 1;

	next = FIRST_FREE;

	private afterClear = true;

	constructor(private readonly writer: LsbBitWriter) {}

	put(code: number): void {
		this.writer.bits(code, this.width);
		if (code === CLEAR) {
			this.width = MIN_CODE_SIZE + 1;
			this.next = FIRST_FREE;
			this.afterClear = true;
			return;
		}
		// The decoder adds an entry for every data code except the first after a clear.
		if (!this.afterClear && this.next <= MAX_CODE) {
			this.next++;
			if (this.next === 1 << this.width && this.width < 12) this.width++;
		}
		this.afterClear = false;
	}
}

function lzwZeros(pixels: number): Buffer {
	const writer = new LsbBitWriter();
	const state = new LzwState(writer);
	state.put(CLEAR);
	let longest = 1;
	for (let remaining = pixels; remaining > 0;) {
		const run = Math.min(longest, remaining);
		state.put(run === 1 ? 0 : FIRST_FREE + run - 2);
		remaining -= run;
		longest = run + 1;
		// Start a fresh dictionary well before the 4096-entry limit.
		if (state.next >= MAX_CODE - 2 && remaining > 0) {
			state.put(CLEAR);
			longest = 1;
		}
	}
	state.put(END);
	return writer.toBuffer();
}

/** Image data travels in sub-blocks of at most 255 bytes, ended by an empty one. */
function subBlocks(data: Buffer): Buffer {
	const parts: Buffer[] = [];
	for (let at = 0; at < data.length; at += 255) {
		const block = data.subarray(at, at + 255);
		parts.push(Buffer.from([block.length]), block);
	}
	parts.push(Buffer.from([0]));
	return Buffer.concat(parts);
}

export function makeGif(width: number, height: number, seed?: number): Buffer {
	const palette = Buffer.from([...baseColour(seed), 0, 0, 0]);
	const screen = Buffer.concat([le16(width), le16(height), Buffer.from([0x80, 0, 0])]); // 2-colour table
	const place = [le16(0), le16(0), le16(width), le16(height)];
	const descriptor = Buffer.concat([Buffer.from([0x2c]), ...place, Buffer.from([0])]); // no local palette
	const pixels = Buffer.concat([Buffer.from([MIN_CODE_SIZE]), subBlocks(lzwZeros(width * height))]);
	return Buffer.concat([ascii('GIF89a'), screen, palette, descriptor, pixels, Buffer.from([0x3b])]);
}
