import { box, fullBox } from './boxes';
import { be16, be32 } from './bytes';
import { MP3_FRAME_BYTES, MP3_SAMPLE_RATE, MP3_SAMPLES_PER_FRAME, silentMp3Frame } from './mp3';
import { dataInformation, handler, mediaHeader, trackHeader } from './track-boxes';

/**
 * The sound of a generated video: silent MPEG-1 Layer III frames (mp3.ts) in an ISO-BMFF `trak`
 * (handler 'soun', sample entry 'mp4a' whose esds names MPEG-1 audio), all in one chunk. MP3 in
 * MP4 needs no codec configuration, so silence takes no encoder.
 */

export interface SoundLayout {
	frames: number;
	/** File offset of the first sample, inside mdat. */
	chunkOffset: number;
	/** Ticks per second of the movie (mvhd), in which tkhd states the track's length. */
	movieTimescale: number;
	quickTime: boolean;
}

/** Whole frames that fit in `seconds` (never longer than the picture, so the movie keeps its length). */
export function soundFrames(seconds: number): number {
	return Math.max(1, Math.floor((seconds * MP3_SAMPLE_RATE) / MP3_SAMPLES_PER_FRAME));
}

export function soundSamples(frames: number): Buffer {
	return Buffer.alloc(frames * MP3_FRAME_BYTES, silentMp3Frame());
}

const OBJECT_TYPE_MPEG1_AUDIO = 0x6b;
const STREAM_TYPE_AUDIO = 0x05;
const BITRATE = 32000;

/** A descriptor of the MPEG-4 Systems tag-length-value form (lengths below 128: one byte). */
const descriptor = (tag: number, ...payload: Buffer[]) => {
	const body = Buffer.concat(payload);
	return Buffer.concat([Buffer.from([tag, body.length]), body]);
};

function elementaryStream(): Buffer {
	const decoderConfig = descriptor(
		0x04,
		Buffer.from([OBJECT_TYPE_MPEG1_AUDIO, (STREAM_TYPE_AUDIO << 2) | 1, 0, 0, MP3_FRAME_BYTES]),
		be32(BITRATE),
		be32(BITRATE),
	);
	const syncLayer = descriptor(0x06, Buffer.from([2])); // predefined: MP4 file
	return fullBox(
		'esds',
		0,
		0,
		descriptor(0x03, be16(0), Buffer.from([0]), decoderConfig, syncLayer),
	);
}

function sampleEntry(): Buffer {
	return box(
		'mp4a',
		Buffer.alloc(6),
		be16(1), // reserved, data_reference_index
		Buffer.alloc(8), // version, revision, vendor (QuickTime) or reserved (ISO)
		be16(1),
		be16(16),
		be16(0),
		be16(0), // mono, 16-bit, compression id, packet size
		be32(MP3_SAMPLE_RATE * 0x10000),
		elementaryStream(),
	);
}

function sampleTable({ frames, chunkOffset }: SoundLayout): Buffer {
	return box(
		'stbl',
		fullBox('stsd', 0, 0, be32(1), sampleEntry()),
		fullBox('stts', 0, 0, be32(1), be32(frames), be32(MP3_SAMPLES_PER_FRAME)),
		fullBox('stsc', 0, 0, be32(1), be32(1), be32(frames), be32(1)), // one chunk holds every sample
		fullBox('stsz', 0, 0, be32(MP3_FRAME_BYTES), be32(frames)), // every sample the same size
		fullBox('stco', 0, 0, be32(1), be32(chunkOffset)),
	);
}

export function soundTrack(layout: SoundLayout): Buffer {
	const samples = layout.frames * MP3_SAMPLES_PER_FRAME;
	const duration = Math.round((samples / MP3_SAMPLE_RATE) * layout.movieTimescale);
	const mediaInformation = box(
		'minf',
		fullBox('smhd', 0, 0, be16(0), be16(0)), // balance centred
		dataInformation(),
		sampleTable(layout),
	);
	const media = box(
		'mdia',
		mediaHeader(MP3_SAMPLE_RATE, samples),
		handler('soun', 'SoundHandler', layout.quickTime),
		mediaInformation,
	);
	return box('trak', trackHeader({ id: 2, duration, volume: 0x100, width: 0, height: 0 }), media);
}
