import { hasAscii } from './ascii';
import { mediaInfo, type MediaInfo } from './formats';

/**
 * Still-image probes. Each returns undefined unless its magic bytes match, and leaves out any fact
 * a truncated header does not reach (a 24-byte PNG head still gives the size).
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Alpha comes from the colour type (grey+alpha, RGBA) or a tRNS chunk before the pixel data; a
 * head that ends before the pixel data does not tell.
 */
function pngHasAlpha(bytes: Buffer): boolean | undefined {
	if (bytes.length < 26) return undefined;
	if (bytes[25] === 4 || bytes[25] === 6) return true;
	for (let at = 8; at + 8 <= bytes.length; at += 12 + bytes.readUInt32BE(at)) {
		if (hasAscii(bytes, at + 4, 'tRNS')) return true;
		if (hasAscii(bytes, at + 4, 'IDAT')) return false;
	}
	return undefined;
}

export function probePng(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
	if (bytes.length < 24 || !hasAscii(bytes, 12, 'IHDR')) return mediaInfo('png', total);
	return mediaInfo('png', total, {
		width: bytes.readUInt32BE(16),
		height: bytes.readUInt32BE(20),
		hasAlpha: pngHasAlpha(bytes),
	});
}

/** Start-of-frame markers carry the size: C0..CF except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
	return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the marker segments (APPn, DQT, DHT, ...) up to the first frame header. */
export function probeJpeg(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (bytes.length < 3 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
		return undefined;
	let at = 2;
	while (at + 4 <= bytes.length && bytes[at] === 0xff) {
		const marker = bytes[at + 1];
		if (marker === 0xff)
			at += 1; // fill byte
		else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8))
			at += 2; // no length
		else if (marker === 0xd9 || marker === 0xda)
			break; // end of image, start of scan
		else if (isStartOfFrame(marker) && at + 9 <= bytes.length) {
			const size = { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
			return mediaInfo('jpeg', total, { ...size, hasAlpha: false });
		} else at += 2 + bytes.readUInt16BE(at + 2);
	}
	return mediaInfo('jpeg', total, { hasAlpha: false });
}

export function probeGif(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (!hasAscii(bytes, 0, 'GIF87a') && !hasAscii(bytes, 0, 'GIF89a')) return undefined;
	if (bytes.length < 10) return mediaInfo('gif', total);
	return mediaInfo('gif', total, { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) });
}

const DIB_HEADER_SIZES = [12, 16, 40, 52, 56, 64, 108, 124];
const BMP_ALPHA_MASK_AT = 14 + 52; // in BITMAPV3INFOHEADER and later

/** 'BM' alone is too common, so the DIB header size must be a known one too. */
export function probeBmp(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (bytes.length < 18 || !hasAscii(bytes, 0, 'BM')) return undefined;
	const dibSize = bytes.readUInt32LE(14);
	if (!DIB_HEADER_SIZES.includes(dibSize)) return undefined;
	if (dibSize === 12) {
		if (bytes.length < 22) return mediaInfo('bmp', total);
		const size = { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
		return mediaInfo('bmp', total, { ...size, hasAlpha: false });
	}
	if (bytes.length < 30) return mediaInfo('bmp', total);
	const maskCut = dibSize >= 56 && bytes.length < BMP_ALPHA_MASK_AT + 4;
	const alphaMask = dibSize >= 56 && !maskCut ? bytes.readUInt32LE(BMP_ALPHA_MASK_AT) : 0;
	const thirtyTwoBits = bytes.readUInt16LE(28) === 32;
	return mediaInfo('bmp', total, {
		width: Math.abs(bytes.readInt32LE(18)),
		height: Math.abs(bytes.readInt32LE(22)), // negative height: rows stored top-down
		// A head that ends before the alpha mask does not tell.
		hasAlpha: thirtyTwoBits && maskCut ? undefined : thirtyTwoBits && alphaMask !== 0,
	});
}

/** RIFF 'WEBP' with a lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk. */
export function probeWebp(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (!hasAscii(bytes, 0, 'RIFF') || !hasAscii(bytes, 8, 'WEBP')) return undefined;
	if (hasAscii(bytes, 12, 'VP8 ') && bytes.length >= 30 && bytes.readUIntBE(23, 3) === 0x9d012a) {
		const width = bytes.readUInt16LE(26) & 0x3fff;
		return mediaInfo('webp', total, {
			width,
			height: bytes.readUInt16LE(28) & 0x3fff,
			hasAlpha: false,
		});
	}
	if (hasAscii(bytes, 12, 'VP8L') && bytes.length >= 25 && bytes[20] === 0x2f) {
		const bits = bytes.readUInt32LE(21);
		const size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
		return mediaInfo('webp', total, { ...size, hasAlpha: ((bits >>> 28) & 1) === 1 });
	}
	if (hasAscii(bytes, 12, 'VP8X') && bytes.length >= 30) {
		const size = { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
		return mediaInfo('webp', total, { ...size, hasAlpha: (bytes[20] & 0x10) !== 0 });
	}
	return mediaInfo('webp', total);
}
