import { ascii, be32 } from './bytes';

/**
 * Silent CBR MP3: MPEG-1 Layer III, 32 kbit/s, 48 kHz, mono. At that rate every frame is exactly
 * 96 bytes (144 * 32000 / 48000, never padded) and lasts 1152 / 48000 = 24 ms. All-zero side
 * information means no coded spectrum, which decoders play as silence. A leading "Info" frame
 * (the CBR form of the Xing header) carries the frame count, so players know the exact length.
 */

export const MP3_SAMPLE_RATE = 48000;
export const MP3_SAMPLES_PER_FRAME = 1152;
/** Sync, MPEG-1, Layer III, no CRC | 32 kbit/s, 48 kHz, no padding | mono, original. */
const FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x14, 0xc4]);
export const MP3_FRAME_BYTES = 96;
const SIDE_INFO_BYTES = 17; // MPEG-1 mono
const XING_FRAMES_AND_BYTES = 0x3;

/** One frame of silence (also the sound samples of generated videos, sound-track.ts). */
export function silentMp3Frame(): Buffer {
	const frame = Buffer.alloc(MP3_FRAME_BYTES);
	FRAME_HEADER.copy(frame);
	return frame;
}

function infoFrame(frames: number): Buffer {
	const frame = silentMp3Frame();
	const fileBytes = (frames + 1) * MP3_FRAME_BYTES;
	const tag = Buffer.concat([
		ascii('Info'),
		be32(XING_FRAMES_AND_BYTES),
		be32(frames),
		be32(fileBytes),
	]);
	tag.copy(frame, FRAME_HEADER.length + SIDE_INFO_BYTES);
	return frame;
}

export function makeMp3(seconds: number): Buffer {
	const frames = Math.max(1, Math.round((seconds * MP3_SAMPLE_RATE) / MP3_SAMPLES_PER_FRAME));
	const out = Buffer.alloc((frames + 1) * MP3_FRAME_BYTES);
	infoFrame(frames).copy(out);
	out.fill(silentMp3Frame(), MP3_FRAME_BYTES);
	return out;
}
