/** Bit packers: MSB-first (JPEG, H.264) and LSB-first (GIF LZW, WebP lossless). */

/** Growable byte sink shared by both packers. */
class ByteSink {
	private data = new Uint8Array(256);

	length = 0;

	push(byte: number): void {
		if (this.length === this.data.length) {
			const bigger = new Uint8Array(this.data.length * 2);
			bigger.set(this.data);
			this.data = bigger;
		}
		this.data[this.length++] = byte;
	}

	toBuffer(): Buffer {
		return Buffer.from(this.data.buffer, 0, this.length);
	}
}

export class MsbBitWriter {
	private readonly sink = new ByteSink();

	private current = 0;

	private used = 0;

	/** Writes the low `count` bits of `value` (count <= 32), most significant first. */
	bits(value: number, count: number): this {
		for (let i = count - 1; i >= 0; i--) {
			this.current = (this.current << 1) | (Math.floor(value / 2 ** i) & 1);
			if (++this.used === 8) this.flushByte();
		}
		return this;
	}

	/** Exp-Golomb unsigned code, H.264 ue(v). */
	ue(value: number): this {
		const coded = value + 1;
		const length = Math.floor(Math.log2(coded));
		return this.bits(0, length).bits(coded, length + 1);
	}

	/** Exp-Golomb signed code, H.264 se(v). */
	se(value: number): this {
		return this.ue(value > 0 ? 2 * value - 1 : -2 * value);
	}

	/** Pads the last byte with `fill` bits (JPEG pads with ones, H.264 with zeros). */
	align(fill: 0 | 1 = 0): this {
		while (this.used !== 0) this.bits(fill, 1);
		return this;
	}

	toBuffer(): Buffer {
		return this.align().sink.toBuffer();
	}

	/** Hook for JPEG byte stuffing. */
	protected emit(byte: number): void {
		this.sink.push(byte);
	}

	private flushByte(): void {
		this.emit(this.current);
		this.current = 0;
		this.used = 0;
	}
}

export class LsbBitWriter {
	private readonly sink = new ByteSink();

	private current = 0;

	private used = 0;

	/** Writes the low `count` bits of `value` (count <= 24), least significant first. */
	bits(value: number, count: number): this {
		this.current |= (value & ((1 << count) - 1)) << this.used;
		this.used += count;
		while (this.used >= 8) {
			this.sink.push(this.current & 0xff);
			this.current >>>= 8;
			this.used -= 8;
		}
		return this;
	}

	toBuffer(): Buffer {
		if (this.used > 0) this.bits(0, 8 - this.used);
		return this.sink.toBuffer();
	}
}
