import { IDENTITY_MATRIX, box, fullBox } from './boxes';
import { ascii, be16, be32 } from './bytes';
import type { VideoFormat } from '../../../nodes/shared/media/formats';
import { h264Stream } from './h264';
import { soundFrames, soundSamples, soundTrack } from './sound-track';
import { videoTrack, type TrackLayout } from './video-track';

export interface VideoOptions {
	width: number;
	height: number;
	seconds: number;
	/** Frames per second; 30 when left out. */
	fps?: number;
	/** As cameras write it: mdat first, the moov after it (the default puts moov first, to stream). */
	moovLast?: boolean;
	/** Bytes no sample refers to at the end of mdat: a large file without encoding one. */
	mdatPadding?: number;
	/** A silent sound track beside the picture (generated videos have sound unless turned off). */
	audio?: boolean;
}

const MOVIE_TIMESCALE = 1000;
/** Divisible by every common frame rate, so frame durations are whole ticks. */
const MEDIA_TIMESCALE = 90000;
const MAX_SIDE = 8192;
const MAX_SECONDS = 3600;

function fileType(format: VideoFormat): Buffer {
	const brands =
		format === 'mov'
			? ['qt  ', 0x20050300, 'qt  ']
			: ['isom', 0x200, 'isom', 'iso2', 'avc1', 'mp41'];
	return box(
		'ftyp',
		...brands.map((brand) => (typeof brand === 'string' ? ascii(brand) : be32(brand))),
	);
}

function movieHeader(duration: number, tracks: number): Buffer {
	return fullBox(
		'mvhd',
		0,
		0,
		be32(0),
		be32(0),
		be32(MOVIE_TIMESCALE),
		be32(duration),
		be32(0x10000),
		be16(0x100),
		Buffer.alloc(10), // rate 1.0, volume 1.0, reserved
		IDENTITY_MATRIX,
		Buffer.alloc(24),
		be32(tracks + 1), // pre_defined, next track id
	);
}

/**
 * Frame durations in the media timescale that add up to exactly `seconds`: every frame lasts
 * 1/fps except the last, which is shortened to fit.
 */
function frameDurations(seconds: number, fps: number): Array<[number, number]> {
	const total = Math.max(1, Math.round(seconds * MEDIA_TIMESCALE));
	const frame = Math.max(1, Math.round(MEDIA_TIMESCALE / fps));
	const frames = Math.ceil(total / frame);
	const last = total - (frames - 1) * frame;
	if (last === frame) return [[frames, frame]];
	return frames > 1
		? [
				[frames - 1, frame],
				[1, last],
			]
		: [[1, last]];
}

function validate({ width, height, seconds, fps = 30 }: VideoOptions): void {
	const sideOk = (side: number) => Number.isInteger(side) && side >= 1 && side <= MAX_SIDE;
	if (!sideOk(width) || !sideOk(height)) {
		throw new RangeError(
			`video sides must be whole numbers from 1 to ${MAX_SIDE}, got ${width}x${height}`,
		);
	}
	if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
		throw new RangeError(
			`video seconds must be above 0 and at most ${MAX_SECONDS}, got ${seconds}`,
		);
	}
	if (!(fps > 0 && fps <= 240))
		throw new RangeError(`video fps must be above 0 and at most 240, got ${fps}`);
}

/** An H.264 MP4 or QuickTime file: ftyp, then moov (so it streams), then mdat; or moov last. */
export function makeVideo(format: VideoFormat, options: VideoOptions): Buffer {
	validate(options);
	const { width, height, seconds, fps = 30, moovLast = false, mdatPadding = 0 } = options;
	const frames = options.audio ? soundFrames(seconds) : 0;
	const stream = h264Stream(width, height, fps);
	const durations = frameDurations(seconds, fps);
	const count = durations.reduce((sum, [frames]) => sum + frames, 0);
	const samples = Array.from({ length: count }, (_, index) => stream.picture(index));
	// Samples are stored with 4-byte length prefixes, as avcC announces; the sound follows them.
	const pictures = Buffer.concat(samples.flatMap((nal) => [be32(nal.length), nal]));
	const mdat = box('mdat', pictures, soundSamples(frames), Buffer.alloc(mdatPadding));
	const ftyp = fileType(format);
	const quickTime = format === 'mov';
	const layout: TrackLayout = {
		width,
		height,
		movieDuration: Math.round(seconds * MOVIE_TIMESCALE),
		mediaTimescale: MEDIA_TIMESCALE,
		durations,
		sampleSizes: samples.map((nal) => nal.length + 4),
		chunkOffset: 0,
		quickTime,
	};
	const sound = (offset: number) =>
		frames === 0
			? []
			: [soundTrack({ frames, chunkOffset: offset, movieTimescale: MOVIE_TIMESCALE, quickTime })];
	const moov = (offset: number) =>
		box(
			'moov',
			movieHeader(layout.movieDuration, frames === 0 ? 1 : 2),
			videoTrack({ ...layout, chunkOffset: offset }, stream),
			...sound(offset + pictures.length),
		);
	if (moovLast) return Buffer.concat([ftyp, mdat, moov(ftyp.length + 8)]);
	// The moov size does not depend on the offset value, so one dry run tells where mdat starts.
	const offset = ftyp.length + moov(0).length + 8;
	return Buffer.concat([ftyp, moov(offset), mdat]);
}
