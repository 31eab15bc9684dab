import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryFileInfo } from './binary-upload';
import type { ByteSource } from '../media';

/**
 * n8n binary data as a ByteSource, for n8n 1.x and 2.x alike. Only the bytes asked for are held
 * (plus at most one chunk of the stream): a 2 GB video is never read into memory.
 */

type FileStream = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

/** The chunk size asked of n8n's stream (the filesystem store's default read size). */
const CHUNK_BYTES = 64 * 1024;
const EMPTY: Buffer = Buffer.alloc(0);

/**
 * n8n's in-memory mode keeps the file as base64 in the item. Only the window asked for is
 * decoded: every 4 characters are 3 bytes, so the window widens to whole groups, then is cut.
 */
function base64Source(data: string, size: number): ByteSource {
	return {
		size,
		read: async (offset, length) => {
			const end = Math.min(offset + length, size);
			if (end <= offset) return await Promise.resolve(EMPTY);
			const firstGroup = Math.floor(offset / 3);
			const bytes = Buffer.from(data.slice(firstGroup * 4, Math.ceil(end / 3) * 4), 'base64');
			return bytes.subarray(offset - firstGroup * 3, end - firstGroup * 3);
		},
	};
}

/**
 * The filesystem, database and S3 modes give a stream that only goes forward: a window ahead is
 * reached by reading and dropping what lies before it; a window behind opens a fresh stream.
 */
class StreamSource implements ByteSource {
	private stream?: FileStream;
	private chunks?: AsyncIterator<unknown>;
	/** What is left of the last chunk, and its offset in the file. */
	private pending: Buffer = EMPTY;
	private position = 0;

	constructor(
		private readonly open: () => Promise<FileStream>,
		readonly size: number,
	) {}

	async read(offset: number, length: number): Promise<Buffer> {
		const end = Math.min(offset + length, this.size);
		if (end <= offset) return EMPTY;
		if (!this.chunks || offset < this.position) await this.restart();
		// Filled chunk by chunk as they arrive: the window and the current chunk, nothing more.
		const window = Buffer.alloc(end - offset);
		let filled = 0;
		while (this.position < end && (this.pending.length > 0 || (await this.next()))) {
			const skip = Math.min(this.pending.length, Math.max(0, offset - this.position));
			const take = Math.min(this.pending.length - skip, end - this.position - skip);
			filled += this.pending.copy(window, filled, skip, skip + take);
			this.position += skip + take;
			this.pending = this.pending.subarray(skip + take);
		}
		return window.subarray(0, filled);
	}

	/** Destroys the open stream; the next read opens a new one. */
	close(): void {
		this.stream?.destroy();
		this.stream = undefined;
		this.chunks = undefined;
		this.pending = EMPTY;
		this.position = 0;
	}

	private async restart(): Promise<void> {
		this.close();
		this.stream = await this.open();
		this.chunks = this.stream[Symbol.asyncIterator]();
	}

	/** The next chunk into `pending`; false at the end of the file. */
	private async next(): Promise<boolean> {
		const chunk = await this.chunks!.next();
		if (chunk.done) return false;
		this.pending = Buffer.isBuffer(chunk.value)
			? chunk.value
			: Buffer.from(chunk.value as Uint8Array);
		return true;
	}
}

/**
 * A ByteSource over an item's binary property. Its size comes from n8n's metadata (or the base64
 * length in in-memory mode); a missing property fails with the user's fix, as everywhere else.
 */
export async function binarySource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<ByteSource> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const { bytes } = await binaryFileInfo(ctx, itemIndex, propertyName);
	const id = binary.id;
	if (!id) return base64Source(binary.data, bytes);
	return new StreamSource(async () => await ctx.helpers.getBinaryStream(id, CHUNK_BYTES), bytes);
}
