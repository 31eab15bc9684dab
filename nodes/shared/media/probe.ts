import type { MediaInfo } from './formats';
import { probeBmp, probeGif, probeJpeg, probePng, probeWebp } from './probe-image';
import { probeIsoBmff } from './probe-isobmff';
import { probeMp3 } from './probe-mp3';
import { probeTiff } from './probe-tiff';
import { probeWav } from './probe-wav';
import { probeWebm } from './probe-webm';

/**
 * Each probe checks its own magic bytes first. MPEG audio comes last: its frame sync is the
 * weakest signature, so every format with a real magic number gets the first say.
 */
const PROBES: Array<(bytes: Buffer, total: number) => MediaInfo | undefined> = [
	probePng,
	probeJpeg,
	probeGif,
	probeWebp,
	probeWav,
	probeBmp,
	probeTiff,
	probeIsoBmff,
	probeWebm,
	probeMp3,
];

/**
 * Recognises a media file from its bytes alone (never its name); undefined if it is none we know.
 * `head` may be the first bytes of a file of `totalBytes`: facts that depend on the file's length
 * (its size, a constant-bitrate MP3's duration, a WAV whose data size is a placeholder) use
 * `totalBytes`, so a head that holds the headers gives the same facts as the whole file.
 */
export function probeMedia(head: Buffer, totalBytes = head.length): MediaInfo | undefined {
	const total = Math.max(totalBytes, head.length);
	for (const probe of PROBES) {
		try {
			const info = probe(head, total);
			if (info) return info;
		} catch {
			// A header that lies about its own lengths: not a file we can read.
		}
	}
	return undefined;
}
