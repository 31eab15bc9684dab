import { box, fullBox } from './boxes';
import { be16, be32 } from './bytes';
import type { H264Stream } from './h264';
import { dataInformation, handler, mediaHeader, trackHeader } from './track-boxes';

/** The `trak` box of one H.264 video track whose samples all sit in a single chunk. */

export interface TrackLayout {
	/** Display size; the coded size may be one pixel larger on an odd side. */
	width: number;
	height: number;
	/** Track duration in the movie timescale. */
	movieDuration: number;
	mediaTimescale: number;
	/** [sample count, sample duration] runs, in the media timescale. */
	durations: Array<[number, number]>;
	sampleSizes: number[];
	/** File offset of the first sample (start of the mdat payload). */
	chunkOffset: number;
	quickTime: boolean;
}

function avcConfiguration(stream: H264Stream): Buffer {
	return box(
		'avcC',
		Buffer.from([1, stream.profile, stream.compatibility, stream.level, 0xff, 0xe1]), // 4-byte lengths, 1 SPS
		be16(stream.sps.length),
		stream.sps,
		Buffer.from([1]),
		be16(stream.pps.length),
		stream.pps,
	);
}

function sampleEntry(stream: H264Stream, codedWidth: number, codedHeight: number): Buffer {
	const compressor = Buffer.alloc(32);
	return box(
		'avc1',
		Buffer.alloc(6),
		be16(1), // reserved, data_reference_index
		Buffer.alloc(16),
		be16(codedWidth),
		be16(codedHeight),
		be32(0x480000),
		be32(0x480000),
		be32(0),
		be16(1), // 72 dpi, one frame per sample
		compressor,
		be16(0x18),
		be16(0xffff), // name, 24-bit colour, no colour table
		avcConfiguration(stream),
	);
}

function sampleTable(layout: TrackLayout, entry: Buffer): Buffer {
	const count = layout.sampleSizes.length;
	return box(
		'stbl',
		fullBox('stsd', 0, 0, be32(1), entry),
		fullBox('stts', 0, 0, be32(layout.durations.length), ...layout.durations.flat().map(be32)),
		fullBox('stss', 0, 0, be32(1), be32(1)), // only the first sample is a key frame
		fullBox('stsc', 0, 0, be32(1), be32(1), be32(count), be32(1)), // one chunk holds every sample
		fullBox('stsz', 0, 0, be32(0), be32(count), ...layout.sampleSizes.map(be32)),
		fullBox('stco', 0, 0, be32(1), be32(layout.chunkOffset)),
	);
}

export function videoTrack(layout: TrackLayout, stream: H264Stream): Buffer {
	const codedWidth = layout.width + (layout.width % 2);
	const codedHeight = layout.height + (layout.height % 2);
	const mediaInformation = box(
		'minf',
		fullBox('vmhd', 0, 1, Buffer.alloc(8)),
		dataInformation(),
		sampleTable(layout, sampleEntry(stream, codedWidth, codedHeight)),
	);
	const total = layout.durations.reduce((sum, [count, duration]) => sum + count * duration, 0);
	const media = box(
		'mdia',
		mediaHeader(layout.mediaTimescale, total),
		handler('vide', 'VideoHandler', layout.quickTime),
		mediaInformation,
	);
	const { width, height, movieDuration: duration } = layout;
	return box('trak', trackHeader({ id: 1, duration, volume: 0, width, height }), media);
}
