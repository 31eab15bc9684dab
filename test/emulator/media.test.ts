import { childBoxes, findBox } from '../../nodes/shared/media/box-reader';
import { box } from './media/boxes';
import { ascii as text, be32, join, le32 } from './media/bytes';
import {
	extensionOf,
	makeAudio,
	makeImage,
	makeVideo,
	mimeTypeOf,
	probeMedia,
} from './media/index';
import type { ImageFormat } from './media/index';

/**
 * Generated media round-trips through the probe, is found from its bytes alone, and bytes that are
 * no media are rejected. Hand-written headers are in media-headers.test.ts.
 */

const IMAGE_FORMATS: ImageFormat[] = ['png', 'jpeg', 'webp', 'gif', 'bmp'];
const SIZES: Array<[number, number]> = [
	[1, 1],
	[17, 9],
	[640, 480],
	[1920, 1080],
	[1080, 1920],
	[4096, 2160],
];

describe('makeImage round trip', () => {
	const cases = IMAGE_FORMATS.flatMap((format) => SIZES.map(([w, h]) => [format, w, h] as const));
	it.each(cases)('%s %ix%i', (format, width, height) => {
		const bytes = makeImage(format, width, height, { seed: width });
		expect(probeMedia(bytes)).toMatchObject({
			kind: 'image',
			format,
			width,
			height,
			bytes: bytes.length,
			mimeType: mimeTypeOf(format),
		});
	});

	// Its speed is the bench's to print (timed assertions flake on a shared machine).
	it.each(IMAGE_FORMATS)('%s at 4096x4096 stays small', (format) => {
		const bytes = makeImage(format, 4096, 4096);
		expect(probeMedia(bytes)).toMatchObject({ format, width: 4096, height: 4096 });
		if (format !== 'bmp') expect(bytes.length).toBeLessThan(1_000_000);
	});

	it.each(['png', 'webp', 'bmp'] as const)('%s carries alpha only when asked', (format) => {
		expect(probeMedia(makeImage(format, 32, 16, { alpha: true }))?.hasAlpha).toBe(true);
		expect(probeMedia(makeImage(format, 32, 16))?.hasAlpha).toBe(false);
	});

	it('is deterministic, and the seed changes the picture', () => {
		for (const format of IMAGE_FORMATS) {
			expect(
				makeImage(format, 64, 48, { seed: 3 }).equals(makeImage(format, 64, 48, { seed: 3 })),
			).toBe(true);
			expect(
				makeImage(format, 64, 48, { seed: 3 }).equals(makeImage(format, 64, 48, { seed: 4 })),
			).toBe(false);
		}
	});

	it('refuses sizes no decoder could open', () => {
		expect(() => makeImage('png', 0, 10)).toThrow(RangeError);
		expect(() => makeImage('jpeg', 10.5, 10)).toThrow(RangeError);
		expect(() => makeImage('webp', 9000, 10)).toThrow(RangeError);
	});
});

describe('makeVideo round trip', () => {
	const cases: Array<['mp4' | 'mov', number, number, number, number | undefined]> = [
		['mp4', 16, 16, 1, undefined],
		['mp4', 1920, 1080, 5, undefined],
		['mov', 1920, 1080, 5, undefined],
		['mp4', 480, 854, 4, 24],
		['mov', 1280, 720, 2.5, 25],
		['mp4', 17, 9, 1.234, 60],
		['mp4', 4096, 2160, 30, undefined],
		['mov', 640, 360, 0.02, undefined],
	];
	it.each(cases)('%s %ix%i %ss fps %s', (format, width, height, seconds, fps) => {
		const bytes = makeVideo(format, { width, height, seconds, fps });
		const info = probeMedia(bytes);
		expect(info).toMatchObject({
			kind: 'video',
			format,
			width,
			height,
			mimeType: mimeTypeOf(format),
		});
		expect(info?.seconds).toBeCloseTo(seconds, 3);
		expect(bytes.length).toBeLessThan(100_000);
	});

	it('keeps the sample tables consistent with mdat and the H.264 stream', () => {
		const bytes = makeVideo('mp4', { width: 1920, height: 1080, seconds: 5 });
		expect(childBoxes(bytes).map((span) => span.type)).toEqual(['ftyp', 'moov', 'mdat']);
		const stbl = findBox(bytes, undefined, 'moov', 'trak', 'mdia', 'minf', 'stbl')!;
		const mdat = findBox(bytes, undefined, 'mdat')!;
		const stsz = findBox(bytes, stbl, 'stsz')!;
		const count = bytes.readUInt32BE(stsz.start + 8);
		const sizes = Array.from({ length: count }, (_, i) =>
			bytes.readUInt32BE(stsz.start + 12 + 4 * i),
		);
		expect(count).toBe(150);
		expect(sizes.reduce((a, b) => a + b, 0)).toBe(mdat.end - mdat.start);
		expect(bytes.readUInt32BE(findBox(bytes, stbl, 'stco')!.start + 8)).toBe(mdat.start);
		const stts = findBox(bytes, stbl, 'stts')!;
		expect(bytes.readUInt32BE(stts.start + 8) * bytes.readUInt32BE(stts.start + 12)).toBe(
			5 * 90000,
		);
		const stsd = findBox(bytes, stbl, 'stsd')!;
		const avc1 = findBox(bytes, { ...stsd, start: stsd.start + 8 }, 'avc1'); // after version, flags, count
		const avcC = findBox(bytes, { ...avc1!, start: avc1!.start + 78 }, 'avcC'); // after the fixed fields
		expect(bytes[avcC!.start + 1]).toBe(66); // Baseline profile
		// Length-prefixed NAL units: an IDR slice (type 5) first, then non-IDR slices (type 1).
		expect(bytes[mdat.start + 4] & 0x1f).toBe(5);
		expect(bytes[mdat.start + sizes[0] + 4] & 0x1f).toBe(1);
	});

	it('refuses impossible options', () => {
		expect(() => makeVideo('mp4', { width: 0, height: 10, seconds: 1 })).toThrow(RangeError);
		expect(() => makeVideo('mov', { width: 10, height: 10, seconds: 0 })).toThrow(RangeError);
		expect(() => makeVideo('mp4', { width: 10, height: 10, seconds: 1, fps: 0 })).toThrow(
			RangeError,
		);
	});
});

describe('makeAudio round trip', () => {
	it.each([0.1, 1, 2.345, 30])('wav of %ss is exact', (seconds) => {
		const info = probeMedia(makeAudio('wav', { seconds }));
		expect(info).toMatchObject({ kind: 'audio', format: 'wav', mimeType: 'audio/wav' });
		expect(info?.seconds).toBeCloseTo(seconds, 6);
	});

	it.each([0.1, 1, 5, 12.3, 30])('mp3 of %ss is within 0.1 s', (seconds) => {
		const bytes = makeAudio('mp3', { seconds });
		const info = probeMedia(bytes);
		expect(info).toMatchObject({ kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' });
		expect(Math.abs(info!.seconds! - seconds)).toBeLessThan(0.1);
		// The Xing/Info count must agree with the constant-bitrate reading of the same bytes.
		expect((bytes.length * 8) / 32000 - 0.024).toBeCloseTo(info!.seconds!, 6);
	});

	it('refuses a length of zero', () => {
		expect(() => makeAudio('wav', { seconds: 0 })).toThrow(RangeError);
	});
});

describe('detection from bytes alone', () => {
	const samples = [
		...IMAGE_FORMATS.map((format) => [format, makeImage(format, 40, 30)] as const),
		['mp4', makeVideo('mp4', { width: 64, height: 64, seconds: 1 })] as const,
		['mov', makeVideo('mov', { width: 64, height: 64, seconds: 1 })] as const,
		['wav', makeAudio('wav', { seconds: 1 })] as const,
		['mp3', makeAudio('mp3', { seconds: 1 })] as const,
	];

	it.each(samples)('%s is found inside a larger buffer view', (format, bytes) => {
		const view = join(text('padding'), bytes).subarray(7);
		expect(probeMedia(view)?.format).toBe(format);
	});

	it.each(samples)('%s cut short never throws, and is never another format', (format, bytes) => {
		for (let length = 0; length < Math.min(bytes.length, 300); length++) {
			const found = probeMedia(bytes.subarray(0, length));
			if (found) expect(found.format).toBe(format);
		}
	});

	let seed = 7;
	const nextByte = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255; // a fixed pseudo-random sequence
	const noise = Buffer.from(Array.from({ length: 4096 }, nextByte));
	it.each([
		['empty', Buffer.alloc(0)],
		['text', text('hello world, this is not an image')],
		['json', text('{"taskId":"abc","status":"COMPLETED"}')],
		['html', text('<!doctype html><html><body>nope</body></html>')],
		['pdf', text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
		['zip', join([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(60))],
		['zeros', Buffer.alloc(1024)],
		['noise', noise],
		['avi', join(text('RIFF'), le32(100), text('AVI LIST'), Buffer.alloc(92))],
		['BM text', text('BMW and other cars, parked in a row')],
		['avif', box('ftyp', text('avif'), be32(0), text('mif1avif'))],
		['lone ID3 tag', join(text('ID3'), [4, 0, 0, 0, 0, 0, 10], Buffer.alloc(10))],
		['MPEG sync then junk', join([0xff, 0xfb, 0x14, 0xc4], Buffer.alloc(300))],
	])('rejects %s', (_name, bytes) => {
		expect(probeMedia(bytes)).toBeUndefined();
	});

	it('names types and extensions, with a fallback for unknown names', () => {
		expect([mimeTypeOf('mov'), mimeTypeOf('webp'), extensionOf('jpeg')]).toEqual([
			'video/quicktime',
			'image/webp',
			'jpg',
		]);
		expect([mimeTypeOf('nope'), extensionOf('nope')]).toEqual(['application/octet-stream', 'bin']);
	});
});
