import { box, fullBox } from './media/boxes';
import { ascii as text, be16, be32, be64, join, le16, le32 } from './media/bytes';
import { probeMedia } from './media/index';

/** probeMedia on headers written by hand from the format specs, independent of the generators. */

describe('hand-written image headers', () => {
	const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
	const pngChunk = (type: string, data: Buffer) =>
		join(be32(data.length), text(type), data, be32(0));
	const ihdr = (colourType: number) =>
		pngChunk('IHDR', join(be32(800), be32(600), [8, colourType, 0, 0, 0]));

	it('PNG: size from a bare 24-byte head; alpha from colour type or tRNS', () => {
		expect(probeMedia(join(pngSignature, be32(13), text('IHDR'), be32(800), be32(600)))).toEqual({
			kind: 'image',
			format: 'png',
			bytes: 24,
			width: 800,
			height: 600,
			mimeType: 'image/png',
		});
		expect(probeMedia(join(pngSignature, ihdr(6)))?.hasAlpha).toBe(true);
		expect(
			probeMedia(join(pngSignature, ihdr(2), pngChunk('IDAT', Buffer.alloc(4))))?.hasAlpha,
		).toBe(false);
		const palette = join(
			pngSignature,
			ihdr(3),
			pngChunk('PLTE', Buffer.alloc(6)),
			pngChunk('tRNS', Buffer.from([0])),
		);
		expect(probeMedia(palette)?.hasAlpha).toBe(true);
	});

	it('JPEG: skips APPn segments (even one hiding a fake SOF) up to a progressive SOF2', () => {
		const app0 = join([0xff, 0xe0], be16(16), text('JFIF\0'), [1, 2, 0, 0, 1, 0, 1, 0, 0]);
		const app1 = join([0xff, 0xe1], be16(14), text('Exif\0\0'), [0xff, 0xc0, 0, 11, 0, 1]);
		const components = [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
		const sof2 = join([0xff, 0xff, 0xff, 0xc2], be16(17), [8], be16(480), be16(640), components); // after fill bytes
		const jpeg = join([0xff, 0xd8], app0, app1, sof2, [0xff, 0xda]);
		expect(probeMedia(jpeg)).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
	});

	it('GIF and BMP (top-down, and the OS/2 core header)', () => {
		const gif = join(text('GIF87a'), le16(320), le16(200), [0, 0, 0]);
		expect(probeMedia(gif)).toMatchObject({ format: 'gif', width: 320, height: 200 });
		const bmp = join(
			text('BM'),
			le32(0),
			le32(0),
			le32(54),
			le32(40),
			le32(800),
			le32(-600),
			le16(1),
			le16(24),
		);
		expect(probeMedia(bmp)).toMatchObject({
			format: 'bmp',
			width: 800,
			height: 600,
			hasAlpha: false,
		});
		const os2 = join(
			text('BM'),
			le32(0),
			le32(0),
			le32(26),
			le32(12),
			le16(64),
			le16(32),
			le16(1),
			le16(8),
		);
		expect(probeMedia(os2)).toMatchObject({ format: 'bmp', width: 64, height: 32 });
	});

	it('TIFF in both byte orders, with SHORT and LONG sizes', () => {
		const SHORT = 3;
		const LONG = 4;
		const u16 = (le: boolean, n: number) => (le ? le16(n) : be16(n));
		const u32 = (le: boolean, n: number) => (le ? le32(n) : be32(n));
		// Directory entry: tag, type, count 1, then the value left-aligned in four bytes.
		const entry = (le: boolean, tag: number, type: number, value: number) =>
			join(
				u16(le, tag),
				u16(le, type),
				u32(le, 1),
				type === SHORT ? join(u16(le, value), [0, 0]) : u32(le, value),
			);
		const tiff = (le: boolean, width: [number, number], height: [number, number]) =>
			join(
				text(le ? 'II' : 'MM'),
				u16(le, 42),
				u32(le, 8),
				u16(le, 2),
				entry(le, 256, ...width),
				entry(le, 257, ...height),
			);
		const little = tiff(true, [SHORT, 300], [LONG, 70000]);
		expect(probeMedia(little)).toMatchObject({
			kind: 'image',
			format: 'tiff',
			width: 300,
			height: 70000,
		});
		expect(probeMedia(tiff(false, [LONG, 5000], [SHORT, 300]))).toMatchObject({
			format: 'tiff',
			width: 5000,
			height: 300,
		});
	});

	it('WebP: lossy VP8, lossless VP8L and extended VP8X', () => {
		const riff = (chunk: string, data: Buffer) =>
			join(
				text('RIFF'),
				le32(12 + data.length),
				text('WEBP'),
				text(chunk),
				le32(data.length),
				data,
			);
		const vp8 = join([0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a], le16(0x4000 | 400), le16(300)); // scale bits above the size
		expect(probeMedia(riff('VP8 ', vp8))).toMatchObject({
			format: 'webp',
			width: 400,
			height: 300,
			hasAlpha: false,
		});
		const vp8l = join([0x2f], le32((99 - 1) | ((77 - 1) << 14) | (1 << 28)));
		expect(probeMedia(riff('VP8L', vp8l))).toMatchObject({ width: 99, height: 77, hasAlpha: true });
		const vp8x = join([0x10, 0, 0, 0], [0x9f, 0x0f, 0], [0x37, 0x0b, 0]); // 3999 + 1, 2871 + 1
		expect(probeMedia(riff('VP8X', vp8x))).toMatchObject({
			width: 4000,
			height: 2872,
			hasAlpha: true,
		});
	});

	it('HEIC: the primary grid item size, turned by irot', () => {
		const ispe = (w: number, h: number) => fullBox('ispe', 0, 0, be32(w), be32(h));
		const ipco = box('ipco', ispe(512, 512), ispe(4032, 3024), box('irot', Buffer.from([1])));
		// Item 1 (a tile) has property 1; item 2 (the grid) has properties 2 and 3, the last one essential.
		const ipma = fullBox(
			'ipma',
			0,
			0,
			be32(2),
			be16(1),
			Buffer.from([1, 0x81]),
			be16(2),
			Buffer.from([2, 0x02, 0x83]),
		);
		const hdlr = fullBox('hdlr', 0, 0, be32(0), text('pict'), Buffer.alloc(13));
		const meta = fullBox(
			'meta',
			0,
			0,
			hdlr,
			fullBox('pitm', 0, 0, be16(2)),
			box('iprp', ipco, ipma),
		);
		const heic = join(box('ftyp', text('mif1'), be32(0), text('mif1heic')), meta);
		expect(probeMedia(heic)).toEqual({
			kind: 'image',
			format: 'heic',
			bytes: heic.length,
			width: 3024,
			height: 4032,
			mimeType: 'image/heic',
		});
	});
});

describe('hand-written movie headers', () => {
	const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
	const QUARTER_TURN = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
	const matrix = (values: number[]) => join(...values.map(be32));
	const movieTail = join(
		be32(0x10000),
		be16(0x100),
		Buffer.alloc(10),
		matrix(IDENTITY),
		Buffer.alloc(24),
		be32(3),
	);
	const mvhd = (version: 0 | 1, timescale: number, duration: number) =>
		version === 1
			? fullBox('mvhd', 1, 0, be64(0), be64(0), be32(timescale), be64(duration), movieTail)
			: fullBox('mvhd', 0, 0, be32(0), be32(0), be32(timescale), be32(duration), movieTail);
	const tkhd = (version: 0 | 1, width: number, height: number, turn = IDENTITY) => {
		const times =
			version === 1
				? [be64(0), be64(0), be32(1), be32(0), be64(0)]
				: [be32(0), be32(0), be32(1), be32(0), be32(0)];
		const size = [be32(width * 0x10000), be32(height * 0x10000)];
		return fullBox('tkhd', version, 0, ...times, Buffer.alloc(16), matrix(turn), ...size);
	};
	const handler = (type: string) => fullBox('hdlr', 0, 0, be32(0), text(type), Buffer.alloc(13));
	const trak = (type: string, header: Buffer) => box('trak', header, box('mdia', handler(type)));
	const ftyp = (major: string, ...compatible: string[]) =>
		box('ftyp', text(major), be32(0), ...compatible.map(text));

	it('MP4: mvhd v1 duration, size from the video track (not the first track)', () => {
		const moov = box(
			'moov',
			mvhd(1, 600, 3000),
			trak('soun', tkhd(0, 0, 0)),
			trak('vide', tkhd(1, 1280, 720)),
		);
		const file = join(ftyp('isom', 'isom', 'mp42'), moov, box('mdat', Buffer.alloc(32)));
		expect(probeMedia(file)).toEqual({
			kind: 'video',
			format: 'mp4',
			bytes: file.length,
			width: 1280,
			height: 720,
			seconds: 5,
			mimeType: 'video/mp4',
		});
	});

	it('MP4: a v1 duration beyond 32 bits', () => {
		const file = join(ftyp('mp42'), box('moov', mvhd(1, 1000, 2 ** 32 + 500)));
		expect(probeMedia(file)?.seconds).toBeCloseTo((2 ** 32 + 500) / 1000, 6);
	});

	it("QuickTime: brand 'qt  ', mvhd v0, a quarter-turned track reports its display size", () => {
		const moov = box(
			'moov',
			mvhd(0, 90000, 225000),
			trak('vide', tkhd(0, 1920, 1080, QUARTER_TURN)),
		);
		expect(probeMedia(join(ftyp('qt  ', 'qt  '), moov))).toMatchObject({
			format: 'mov',
			mimeType: 'video/quicktime',
			width: 1080,
			height: 1920,
			seconds: 2.5,
		});
	});

	it('QuickTime without ftyp, moov after a 64-bit-sized mdat', () => {
		const payload = Buffer.alloc(40);
		const mdat64 = join(be32(1), text('mdat'), be64(16 + payload.length), payload);
		const file = join(
			box('wide'),
			mdat64,
			box('moov', mvhd(0, 600, 600), trak('vide', tkhd(0, 640, 480))),
		);
		expect(probeMedia(file)).toMatchObject({
			kind: 'video',
			format: 'mov',
			width: 640,
			height: 480,
			seconds: 1,
		});
	});

	it('an MP4 holding only sound is audio', () => {
		const moov = box('moov', mvhd(0, 44100, 44100 * 3), trak('soun', tkhd(0, 0, 0)));
		const file = join(ftyp('M4A ', 'M4A ', 'isom'), moov);
		expect(probeMedia(file)).toMatchObject({
			kind: 'audio',
			format: 'mp4',
			mimeType: 'audio/mp4',
			seconds: 3,
		});
	});

	describe('fragmented MP4 (empty moov, then moof fragments)', () => {
		const mdhd = fullBox('mdhd', 0, 0, be32(0), be32(0), be32(1000), be32(0), be32(0));
		const video = box('trak', tkhd(0, 640, 360), box('mdia', mdhd, handler('vide')));
		const trex = fullBox('trex', 0, 0, be32(1), be32(1), be32(40), be32(0), be32(0)); // default: 40 ticks
		const fragment = (
			trackId: number,
			tfhdFlags: number,
			tfhdFields: Buffer[],
			...runs: Buffer[]
		) =>
			box(
				'moof',
				box('traf', fullBox('tfhd', 0, tfhdFlags, be32(trackId), ...tfhdFields), ...runs),
			);
		const trun = (flags: number, count: number, ...fields: number[]) =>
			fullBox('trun', 0, flags, be32(count), ...fields.map(be32));

		it('sums the video track sample durations', () => {
			const moov = box('moov', mvhd(0, 1000, 0), video, box('mvex', trex));
			const file = join(
				ftyp('iso6', 'iso6', 'mp41'),
				moov,
				fragment(1, 0x08, [be32(33)], trun(0x001, 30, 0)), // tfhd default duration: 30 x 33
				fragment(1, 0, [], trun(0x301, 3, 0, 100, 9, 200, 9, 300, 9), trun(0, 10)), // 600, then trex's 10 x 40
				fragment(2, 0x08, [be32(5000)], trun(0, 1000)), // another track: ignored
			);
			expect(probeMedia(file)).toMatchObject({
				format: 'mp4',
				width: 640,
				height: 360,
				seconds: 1.99,
			});
		});

		it('prefers the mehd fragment duration', () => {
			const mvex = box('mvex', fullBox('mehd', 0, 0, be32(2500)), trex);
			expect(
				probeMedia(join(ftyp('iso6'), box('moov', mvhd(0, 1000, 0), video, mvex)))?.seconds,
			).toBe(2.5);
		});
	});

	describe('WebM', () => {
		const size = (n: number) => (n < 127 ? [0x80 | n] : [0x40 | (n >> 8), n & 255]);
		const element = (id: number[], ...parts: Array<Buffer | number[]>) => {
			const body = join(...parts);
			return join(id, size(body.length), body);
		};
		const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
		const float = (bytes: 4 | 8, value: number) => {
			const out = Buffer.alloc(bytes);
			if (bytes === 4) out.writeFloatBE(value);
			else out.writeDoubleBE(value);
			return out;
		};
		const webm = (duration: Buffer, trackType: number, video: Buffer[]) =>
			join(
				element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], text('webm'))),
				[0x18, 0x53, 0x80, 0x67],
				UNKNOWN_SIZE, // a live-recorded Segment of unknown size
				element(
					[0x15, 0x49, 0xa9, 0x66],
					element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]),
					element([0x44, 0x89], duration),
				),
				element([0x16, 0x54, 0xae, 0x6b], element([0xae], element([0x83], [trackType]), ...video)),
				[0x1f, 0x43, 0xb6, 0x75],
				UNKNOWN_SIZE,
				Buffer.alloc(40, 0xa3),
			);

		it('reads duration and pixel size', () => {
			const file = webm(float(8, 2500), 1, [
				element([0xe0], element([0xb0], be16(640)), element([0xba], be16(360))),
			]);
			expect(probeMedia(file)).toEqual({
				kind: 'video',
				format: 'webm',
				bytes: file.length,
				width: 640,
				height: 360,
				seconds: 2.5,
				mimeType: 'video/webm',
			});
		});

		it('an audio-only WebM with a 32-bit float duration is audio', () => {
			expect(probeMedia(webm(float(4, 1250), 2, []))).toMatchObject({
				kind: 'audio',
				format: 'webm',
				seconds: 1.25,
				mimeType: 'audio/webm',
			});
		});
	});
});

describe('hand-written audio headers', () => {
	const fmt = (channels: number, rate: number, bits: number) => {
		const block = (channels * bits) / 8;
		return join(
			text('fmt '),
			le32(16),
			le16(1),
			le16(channels),
			le32(rate),
			le32(rate * block),
			le16(block),
			le16(bits),
		);
	};

	it('WAV: seconds from the declared data size, past an odd-sized LIST chunk', () => {
		const list = join(text('LIST'), le32(5), text('INFOx'), [0]);
		const wav = join(
			text('RIFF'),
			le32(0),
			text('WAVE'),
			fmt(2, 44100, 16),
			list,
			text('data'),
			le32(441000),
		);
		expect(probeMedia(wav)).toEqual({
			kind: 'audio',
			format: 'wav',
			bytes: wav.length,
			seconds: 2.5,
			mimeType: 'audio/wav',
		});
	});

	it('WAV: an unknown data size falls back to the bytes present', () => {
		const unknown = le32(0xffffffff);
		const wav = join(
			text('RIFF'),
			unknown,
			text('WAVE'),
			fmt(1, 8000, 8),
			text('data'),
			unknown,
			Buffer.alloc(4000),
		);
		expect(probeMedia(wav)?.seconds).toBe(0.5);
	});

	const frame = (header: number[], length: number, tag?: Buffer, tagAt = 0) => {
		const bytes = join(header, Buffer.alloc(length - 4));
		tag?.copy(bytes, tagAt);
		return bytes;
	};

	it('MP3: CBR length after an ID3v2 tag, ignoring an ID3v1 tag', () => {
		// MPEG-1 Layer III, 64 kbit/s, 32 kHz, stereo: 144 * 64000 / 32000 = 288-byte frames of 36 ms.
		const id3v2 = join(text('ID3'), [4, 0, 0], [0, 0, 2, 44], Buffer.alloc(300)); // syncsafe 2 * 128 + 44
		const frames = Array.from({ length: 100 }, () => frame([0xff, 0xfb, 0x58, 0x00], 288));
		const mp3 = join(id3v2, ...frames, text('TAG'), Buffer.alloc(125));
		expect(probeMedia(mp3)).toMatchObject({
			kind: 'audio',
			format: 'mp3',
			mimeType: 'audio/mpeg',
			seconds: 3.6,
		});
	});

	it('MP3: frame count from a Xing header (MPEG-1 stereo: after 32 bytes of side info)', () => {
		const header = [0xff, 0xfb, 0x90, 0x00]; // 128 kbit/s, 44.1 kHz: 417-byte frames
		const xing = join(text('Xing'), be32(0x1), be32(1000));
		const mp3 = join(frame(header, 417, xing, 36), frame(header, 417));
		expect(probeMedia(mp3)?.seconds).toBeCloseTo((1000 * 1152) / 44100, 6);
	});

	it('MP3: frame count from a VBRI header', () => {
		const header = [0xff, 0xfb, 0x94, 0x00]; // 128 kbit/s, 48 kHz: 384-byte frames
		const vbri = join(text('VBRI'), be16(1), be16(0), be16(75), be32(0), be32(500));
		expect(probeMedia(join(frame(header, 384, vbri, 36), frame(header, 384)))?.seconds).toBeCloseTo(
			12,
			6,
		);
	});

	it('MP3: MPEG-2 mono Info header (after 9 bytes of side info, 576 samples a frame)', () => {
		const header = [0xff, 0xf3, 0x84, 0xc0]; // MPEG-2 Layer III, 64 kbit/s, 24 kHz: 192-byte frames
		const info = join(text('Info'), be32(0x3), be32(250), be32(250 * 192));
		expect(probeMedia(join(frame(header, 192, info, 13), frame(header, 192)))?.seconds).toBeCloseTo(
			6,
			6,
		);
	});
});
