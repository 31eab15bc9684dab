import { hasAscii } from './ascii';
import { mediaInfo, type MediaInfo } from './formats';

/** RIFF/WAVE: seconds = data chunk size / byte rate from the fmt chunk. */

const UNKNOWN_SIZE = 0xffffffff; // written by some streaming recorders

interface WaveChunks {
	byteRate?: number;
	dataSize?: number;
}

/** Walks the chunks (each padded to an even length) until both fmt and data are seen. */
function readChunks(bytes: Buffer, total: number): WaveChunks {
	const found: WaveChunks = {};
	for (let at = 12; at + 8 <= bytes.length && found.dataSize === undefined;) {
		const size = bytes.readUInt32LE(at + 4);
		if (hasAscii(bytes, at, 'fmt ') && at + 24 <= bytes.length) {
			const byteRate = bytes.readUInt32LE(at + 16);
			// Fall back to sample rate x block align when a writer left the byte rate at zero.
			found.byteRate = byteRate || bytes.readUInt32LE(at + 12) * bytes.readUInt16LE(at + 20);
		}
		if (hasAscii(bytes, at, 'data')) {
			// Trust the declared size (headers alone are enough), unless it is a placeholder: then
			// the data runs to the end of the file.
			found.dataSize = size === UNKNOWN_SIZE || size === 0 ? total - at - 8 : size;
		}
		at += 8 + size + (size % 2);
	}
	return found;
}

/** `total` is the file's length when `bytes` is only its head. */
export function probeWav(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (!hasAscii(bytes, 0, 'RIFF') || !hasAscii(bytes, 8, 'WAVE')) return undefined;
	const { byteRate, dataSize } = readChunks(bytes, total);
	const seconds = byteRate && dataSize !== undefined ? dataSize / byteRate : undefined;
	return mediaInfo('wav', total, { seconds });
}
