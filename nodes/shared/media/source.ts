/**
 * Where the media reader gets its bytes: a whole buffer, n8n binary data
 * (transport/binary-source.ts), or an HTTP server that answers range requests. The reader asks
 * for small windows, front to back.
 */
export interface ByteSource {
	/** The file's length, when the source knows it. */
	readonly size?: number;
	/** Up to `length` bytes from `offset`; fewer only at the end of the file. */
	read(offset: number, length: number): Promise<Buffer>;
	/** Releases what the source holds open (a stream); a later read opens it again. */
	close?(): void;
	/**
	 * The whole file, when the source holds it in memory anyway: it is probed as it is, so facts
	 * that need every byte (the fragments of a fragmented MP4 without mehd) are known too.
	 */
	readonly wholeFile?: Buffer;
}

/** The most a reading may take from its source: bytes delivered and calls to `read`. */
export interface ReadBudget {
	maxBytes: number;
	maxReads: number;
}

/** A whole file held in memory (the emulator, tests). */
export function bufferSource(bytes: Buffer): ByteSource {
	return {
		size: bytes.length,
		wholeFile: bytes,
		read: async (offset, length) => await Promise.resolve(bytes.subarray(offset, offset + length)),
	};
}

/** Why a reading stopped short; its message is the reason given to the user. */
export class ReadRefused extends Error {}

const MB = 1024 * 1024;

/** "256 KB", "16 MB": sizes in reasons. */
export function sizeText(bytes: number): string {
	if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
	return `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * A source read within a budget. A read that would pass it is refused before it is made; reads
 * never go past a known end of file, and bytes a source sends beyond what was asked are dropped.
 */
export class BoundedReader {
	private bytes = 0;
	private reads = 0;

	constructor(
		private readonly source: ByteSource,
		private readonly budget: ReadBudget,
	) {}

	get size(): number | undefined {
		return this.source.size;
	}

	/** Bytes the budget still allows. */
	get remaining(): number {
		return Math.max(0, this.budget.maxBytes - this.bytes);
	}

	async read(offset: number, length: number): Promise<Buffer> {
		const end = Math.min(offset + length, this.size ?? Infinity);
		if (end <= offset) return Buffer.alloc(0);
		if (this.reads >= this.budget.maxReads) {
			const reads = `${this.budget.maxReads} read${this.budget.maxReads === 1 ? '' : 's'}`;
			throw new ReadRefused(`the header was not found within ${reads} of the file`);
		}
		if (this.bytes + (end - offset) > this.budget.maxBytes) {
			throw new ReadRefused(
				`the header needs more than the ${sizeText(this.budget.maxBytes)} this check may read`,
			);
		}
		this.reads += 1;
		const bytes = (await this.source.read(offset, end - offset)).subarray(0, end - offset);
		this.bytes += bytes.length;
		return bytes;
	}
}

/**
 * Reads windows of a file front to back, serving from the bytes already read (the head, the last
 * window) what they cover, so a window that starts inside them costs no step back in the source.
 */
export class ForwardWindows {
	private last: { at: number; bytes: Buffer } = { at: 0, bytes: Buffer.alloc(0) };

	constructor(
		private readonly reader: BoundedReader,
		private readonly head: Buffer,
	) {}

	async range(at: number, length: number): Promise<Buffer> {
		const held = [{ at: 0, bytes: this.head }, this.last].find(
			(piece) => piece.at <= at && at < piece.at + piece.bytes.length,
		);
		const known = held ? held.bytes.subarray(at - held.at, at - held.at + length) : Buffer.alloc(0);
		if (known.length === length) return known;
		const rest = await this.reader.read(at + known.length, length - known.length);
		const bytes = known.length ? Buffer.concat([known, rest]) : rest;
		this.last = { at, bytes };
		return bytes;
	}
}
