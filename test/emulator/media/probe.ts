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
const PROBES: Array<(bytes: Buffer) => MediaInfo | undefined> = [
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

/** Recognises a media file from its bytes alone (never its name); undefined if it is none we know. */
export function probeMedia(bytes: Buffer): MediaInfo | undefined {
	for (const probe of PROBES) {
		try {
			const info = probe(bytes);
			if (info) return info;
		} catch {
			// A header that lies about its own lengths: not a file we can read.
		}
	}
	return undefined;
}
