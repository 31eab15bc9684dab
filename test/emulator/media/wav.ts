import { ascii, le16, le32 } from './bytes';

/** 16-bit mono PCM WAV holding a quiet 400 Hz tone. */

export const WAV_SAMPLE_RATE = 8000;
const BYTES_PER_SAMPLE = 2;
const TONE_HZ = 400;
const AMPLITUDE = 1000; // about -30 dBFS: audible, not loud

/** One period of the tone; 8000 / 400 = 20 samples, so periods tile without a seam. */
function tonePeriod(): Buffer {
	const samples = WAV_SAMPLE_RATE / TONE_HZ;
	const period = Buffer.alloc(samples * BYTES_PER_SAMPLE);
	for (let i = 0; i < samples; i++) {
		period.writeInt16LE(
			Math.round(AMPLITUDE * Math.sin((2 * Math.PI * i) / samples)),
			i * BYTES_PER_SAMPLE,
		);
	}
	return period;
}

export function makeWav(seconds: number): Buffer {
	const dataSize = Math.round(seconds * WAV_SAMPLE_RATE) * BYTES_PER_SAMPLE;
	const format = Buffer.concat([
		le16(1), // PCM
		le16(1), // mono
		le32(WAV_SAMPLE_RATE),
		le32(WAV_SAMPLE_RATE * BYTES_PER_SAMPLE), // byte rate
		le16(BYTES_PER_SAMPLE), // block align
		le16(8 * BYTES_PER_SAMPLE),
	]);
	const header = Buffer.concat([
		ascii('RIFF'),
		le32(36 + dataSize),
		ascii('WAVE'),
		ascii('fmt '),
		le32(format.length),
		format,
		ascii('data'),
		le32(dataSize),
	]);
	const out = Buffer.alloc(header.length + dataSize);
	header.copy(out);
	if (dataSize > 0) out.fill(tonePeriod(), header.length);
	return out;
}
