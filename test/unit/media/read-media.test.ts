import {
	bufferSource,
	DEFAULT_READ_BUDGET,
	probeMedia,
	readMedia,
	ReadRefused,
	type ByteSource,
} from '../../../nodes/shared/media';
import { HEAD_BYTES } from '../../../nodes/shared/media/read';
import { makeAudio, makeImage, makeVideo } from '../../emulator/media';
import { box, fullBox } from '../../emulator/media/boxes';
import { ascii, be16, be32, be64, join } from '../../emulator/media/bytes';
import { KB, MB, cbrMp3, fragmentedMp4, streamedWav, webm, withId3v2 } from './files';

/**
 * readMedia over a ByteSource: the head, and for MP4/MOV/HEIC the one box of facts wherever it
 * lies, within a budget of bytes and reads. Every test counts what was read.
 */

/** A file `bytes` as a ByteSource that records every read (and can forget its size). */
function countingSource(bytes: Buffer, options: { sizeKnown?: boolean } = {}) {
	const reads: Array<[offset: number, length: number]> = [];
	let delivered = 0;
	let closed = 0;
	const source: ByteSource = {
		size: options.sizeKnown === false ? undefined : bytes.length,
		read: async (offset, length) => {
			reads.push([offset, length]);
			const window = bytes.subarray(offset, offset + length);
			delivered += window.length;
			return window;
		},
		close: () => void closed++,
	};
	return { source, reads, delivered: () => delivered, closed: () => closed };
}

/** Reads go front to back: each starts at or after the end of the one before. */
function expectForward(reads: Array<[number, number]>) {
	reads
		.slice(1)
		.forEach(([offset], index) =>
			expect(offset).toBeGreaterThanOrEqual(reads[index][0] + reads[index][1]),
		);
}

/** A camera-style file: ftyp, a large mdat, then the moov. */
const cameraMp4 = (mdatPadding: number, seconds = 12) =>
	makeVideo('mp4', { width: 1920, height: 1080, seconds, moovLast: true, mdatPadding });
/** The same file cut where its moov begins (an upload that stopped early). */
const withoutMoov = (file: Buffer) => file.subarray(0, file.lastIndexOf('moov') - 4);

describe('readMedia: MP4, MOV and HEIC whose facts lie after the media data', () => {
	it('an MP4 with its moov after a 40 MB mdat: whole-file facts from a tiny fraction of it, front to back', async () => {
		const file = cameraMp4(40 * MB);
		const { source, reads, delivered, closed } = countingSource(file);
		const read = await readMedia(source);
		expect(read).toEqual({ info: probeMedia(file) });
		expect(read.info).toMatchObject({
			kind: 'video',
			format: 'mp4',
			width: 1920,
			height: 1080,
			seconds: 12,
			bytes: file.length,
		});
		expect(reads).toHaveLength(3); // the head, the header after mdat, the rest of the moov
		expectForward(reads);
		expect(delivered() / file.length).toBeLessThan(0.01);
		expect(closed()).toBe(1);
		process.stdout.write(
			`\n[media] ${(file.length / MB).toFixed(1)} MB MP4, moov last: ${reads.length} reads, ${(delivered() / KB).toFixed(1)} KB read\n`,
		);
	});

	it('a QuickTime file without ftyp: walks a 64-bit mdat size to the moov', async () => {
		const movie = makeVideo('mov', { width: 640, height: 480, seconds: 2 });
		const moov = movie.subarray(movie.indexOf('moov') - 4, movie.indexOf('mdat') - 4);
		const payload = Buffer.alloc(2 * MB);
		const file = join(
			box('wide'),
			be32(1),
			ascii('mdat'),
			be64(16 + payload.length),
			payload,
			moov,
		);
		const read = await readMedia(countingSource(file).source);
		expect(read).toEqual({
			info: {
				kind: 'video',
				format: 'mov',
				bytes: file.length,
				width: 640,
				height: 480,
				seconds: 2,
				mimeType: 'video/quicktime',
			},
		});
	});

	it('a moov of size 0 runs to the end of the file', async () => {
		const file = Buffer.from(cameraMp4(1 * MB, 3));
		file.writeUInt32BE(0, file.lastIndexOf('moov') - 4);
		expect((await readMedia(countingSource(file).source)).info).toMatchObject({
			format: 'mp4',
			seconds: 3,
			width: 1920,
		});
	});

	it('a HEIC whose meta comes after its image data', async () => {
		const ispe = fullBox('ispe', 0, 0, be32(4032), be32(3024));
		const ipma = fullBox('ipma', 0, 0, be32(1), be16(1), Buffer.from([1, 0x81]));
		const meta = fullBox(
			'meta',
			0,
			0,
			fullBox('pitm', 0, 0, be16(1)),
			box('iprp', box('ipco', ispe), ipma),
		);
		const file = join(
			box('ftyp', ascii('heic'), be32(0), ascii('mif1heic')),
			box('mdat', Buffer.alloc(1 * MB)),
			meta,
		);
		const { source, reads } = countingSource(file);
		expect(await readMedia(source)).toEqual({
			info: {
				kind: 'image',
				format: 'heic',
				bytes: file.length,
				width: 4032,
				height: 3024,
				mimeType: 'image/heic',
			},
		});
		expect(reads).toHaveLength(3);
	});

	it('a fragmented MP4 gets its length from mehd, and reads no fragment', async () => {
		const file = fragmentedMp4(30, { mehd: true, mdatBytes: 64 * KB });
		const { source, reads } = countingSource(file);
		expect((await readMedia(source)).info).toMatchObject({
			format: 'mp4',
			width: 320,
			height: 240,
			seconds: 30,
			bytes: file.length,
		});
		expect(reads).toEqual([[0, HEAD_BYTES]]);
	});

	it('a fragmented MP4 without mehd: no duration, with the reason (the emulator sums the fragments of a whole buffer)', async () => {
		const file = fragmentedMp4(30, { mehd: false, mdatBytes: 64 * KB });
		const read = await readMedia(countingSource(file).source);
		expect(read.info).toMatchObject({ format: 'mp4', width: 320, height: 240, bytes: file.length });
		expect(read.info?.seconds).toBeUndefined();
		expect(read.reason).toBe('the MP4 file does not state its duration in its header');
		expect(probeMedia(file)?.seconds).toBe(30);
	});

	it('a whole buffer (bufferSource) is probed whole: the fragments are summed', async () => {
		const file = fragmentedMp4(30, { mehd: false, mdatBytes: 64 * KB });
		expect(await readMedia(bufferSource(file))).toEqual({ info: probeMedia(file) });
		expect(probeMedia(file)?.seconds).toBe(30);
		expect(await readMedia(bufferSource(Buffer.alloc(0)))).toEqual({ reason: 'the file is empty' });
		expect(await readMedia(bufferSource(Buffer.from('<html></html>')))).toEqual({
			reason: 'not a media file this package can read',
		});
	});
});

describe('readMedia: formats whose facts are in the head', () => {
	it('a WebM states its duration in its Info: one read of a large file', async () => {
		const file = webm(95.5, { width: 1280, height: 720 }, 8 * MB);
		const { source, reads } = countingSource(file);
		expect(await readMedia(source)).toEqual({
			info: {
				kind: 'video',
				format: 'webm',
				bytes: file.length,
				width: 1280,
				height: 720,
				seconds: 95.5,
				mimeType: 'video/webm',
			},
		});
		expect(reads).toHaveLength(1);
	});

	it('a WebM without a Duration (a live recording) says why it has none', async () => {
		const file = webm(1, { width: 640, height: 360 }, 1 * MB);
		file.writeUInt16BE(0xec00, file.indexOf(Buffer.from([0x44, 0x89]))); // Duration becomes a Void element
		expect(await readMedia(countingSource(file).source)).toMatchObject({
			info: { format: 'webm', width: 640 },
			reason: 'the WEBM file does not state its duration in its header',
		});
	});

	it('a CBR MP3 of 14 MB: its head and its size give the duration of the whole file', async () => {
		const file = cbrMp3(3600);
		const { source, delivered } = countingSource(file);
		const read = await readMedia(source);
		expect(read).toEqual({ info: probeMedia(file) });
		expect(read.info?.seconds).toBeCloseTo(3600, 1);
		expect(delivered()).toBe(HEAD_BYTES);
	});

	it('an MP3 behind 600 KB of ID3v2 tag (cover art): the frames after the tag are read', async () => {
		const file = withId3v2(cbrMp3(600), 600 * KB);
		const { source, reads } = countingSource(file);
		const read = await readMedia(source);
		expect(read).toEqual({ info: probeMedia(file) });
		expect(read.info?.seconds).toBeCloseTo(600, 1);
		expect(reads).toHaveLength(2);
		expectForward(reads);
	});

	it('a streamed WAV (placeholder data size): the data runs to the end of the file', async () => {
		const file = streamedWav(120);
		expect((await readMedia(countingSource(file).source)).info?.seconds).toBeCloseTo(120, 6);
	});

	it.each([
		['PNG', makeImage('png', 800, 600, { alpha: true })],
		['JPEG', makeImage('jpeg', 64, 64)],
		['WAV', makeAudio('wav', { seconds: 1 })],
	])('a small %s is read whole in one read', async (_name, file) => {
		const { source, reads } = countingSource(file);
		expect(await readMedia(source)).toEqual({ info: probeMedia(file) });
		expect(reads).toEqual([[0, file.length]]);
	});
});

describe('readMedia: reasons instead of facts', () => {
	const reasonOf = async (file: Buffer, budget = DEFAULT_READ_BUDGET) =>
		(await readMedia(countingSource(file).source, budget)).reason;

	it.each([
		['an empty file', Buffer.alloc(0), 'the file is empty'],
		[
			'a text file',
			Buffer.from('hello, this is not a video'),
			'not a media file this package can read',
		],
		[
			'an MP4 cut inside its mdat',
			cameraMp4(1 * MB).subarray(0, 600 * KB),
			'the file ends before its header',
		],
		[
			'an MP4 cut where its moov begins',
			withoutMoov(cameraMp4(1 * MB)),
			'the file ends before its header',
		],
		[
			'a moov claiming 20 MB',
			join(withoutMoov(cameraMp4(1 * MB, 1)), be32(20 * MB), ascii('moov')),
			'the moov header is 20 MB, more than the 16 MB this check reads',
		],
		[
			'a box shorter than its own header',
			join(box('ftyp', ascii('isom')), be32(4), ascii('free'), Buffer.alloc(300 * KB)),
			'the file is damaged: a box declares a size shorter than its header',
		],
	])('%s', async (_name, file, reason) => {
		expect(await reasonOf(file)).toBe(reason);
	});

	it('the budget of reads is kept: a read past it is refused, not made', async () => {
		const { source, reads } = countingSource(cameraMp4(2 * MB));
		expect(await readMedia(source, { maxBytes: 64 * MB, maxReads: 2 })).toEqual({
			reason: 'the header was not found within 2 reads of the file',
		});
		expect(reads).toHaveLength(2);
	});

	it('the budget of bytes is kept: a read past it is refused, not made', async () => {
		const { source, delivered } = countingSource(cameraMp4(2 * MB, 60));
		const budget = { maxBytes: HEAD_BYTES + 1 * KB, maxReads: 10 };
		expect(await readMedia(source, budget)).toEqual({
			reason: 'the header needs more than the 257 KB this check may read',
		});
		expect(delivered()).toBeLessThanOrEqual(budget.maxBytes);
	});

	it('a budget smaller than the head reads less and says so', async () => {
		const { source, delivered } = countingSource(Buffer.alloc(100 * KB, 0x61));
		expect(await readMedia(source, { maxBytes: 32 * KB, maxReads: 1 })).toEqual({
			reason: 'not a media file this package can read from its first 32 KB',
		});
		expect(delivered()).toBe(32 * KB);
		const tagged = withId3v2(cbrMp3(10), 100 * KB);
		expect(await reasonOf(tagged, { maxBytes: 32 * KB, maxReads: 5 })).toBe(
			'the header needs more than the 32 KB this check may read',
		);
		expect(await reasonOf(withId3v2(cbrMp3(10), 300 * KB), { maxBytes: 1 * MB, maxReads: 1 })).toBe(
			'the header was not found within 1 read of the file',
		);
	});

	it("a source's failure is a reason; a source's own refusal is its reason", async () => {
		const failing: ByteSource = {
			size: 100,
			read: async () => await Promise.reject(new Error('disk on fire')),
		};
		expect(await readMedia(failing)).toEqual({
			reason: 'the file could not be read (disk on fire)',
		});
		const refusing: ByteSource = {
			read: async () =>
				await Promise.reject(new ReadRefused('the host does not answer range requests')),
		};
		expect(await readMedia(refusing)).toEqual({
			reason: 'the host does not answer range requests',
		});
	});
});

describe('readMedia: a source that does not know its size', () => {
	it('an MP4 with its moov last: every fact but the size', async () => {
		const file = cameraMp4(3 * MB);
		const { bytes: _size, ...facts } = probeMedia(file)!;
		expect(await readMedia(countingSource(file, { sizeKnown: false }).source)).toEqual({
			info: facts,
		});
	});

	it('a CBR MP3 longer than the head: no duration, since it depends on the unknown length', async () => {
		const read = await readMedia(countingSource(cbrMp3(600), { sizeKnown: false }).source);
		expect(read).toEqual({
			info: { kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' },
			reason: 'the length of the file is unknown, and the duration of this MP3 file depends on it',
		});
	});

	it('a file shorter than the head: its end is seen, so every fact is known', async () => {
		const file = cbrMp3(10);
		expect(await readMedia(countingSource(file, { sizeKnown: false }).source)).toEqual({
			info: probeMedia(file),
		});
	});
});
