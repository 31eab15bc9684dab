import { mediaInfo, type MediaInfo } from './formats';

/**
 * WebM / Matroska (EBML). Reads the Segment's Info (duration in timecode-scale units) and the
 * first video track's pixel size; stops at the first Cluster, where the media data begins.
 */

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const CLUSTER = 0x1f43b675;
const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;
const DEFAULT_TIMECODE_SCALE = 1_000_000; // nanoseconds per duration unit

interface Element {
	id: number;
	start: number;
	end: number;
	/** The bytes end inside the element (a head of the file): its value is not all here. */
	cut: boolean;
}

/** A variable-length integer: the leading zero bits give its length; `keepMarker` for IDs. */
function readVint(
	bytes: Buffer,
	at: number,
	keepMarker: boolean,
): { value: number; length: number } | undefined {
	const first = bytes[at];
	if (first === undefined || first === 0) return undefined;
	const length = Math.clz32(first) - 23;
	if (at + length > bytes.length) return undefined;
	let value = keepMarker ? first : first & (0xff >> length);
	let allOnes = value === 0xff >> length;
	for (let i = 1; i < length; i++) {
		value = value * 256 + bytes[at + i];
		allOnes &&= bytes[at + i] === 0xff;
	}
	// An all-ones size means "unknown" (live streams); the element then runs to its parent's end.
	return { value: !keepMarker && allOnes ? Infinity : value, length };
}

function children(bytes: Buffer, start: number, end: number): Element[] {
	const elements: Element[] = [];
	for (let at = start; at < end;) {
		const id = readVint(bytes, at, true);
		const size = id && readVint(bytes, at + id.length, false);
		if (!id || !size) break;
		const dataStart = at + id.length + size.length;
		const cut = dataStart + size.value > bytes.length;
		elements.push({
			id: id.value,
			start: dataStart,
			end: Math.min(end, dataStart + size.value),
			cut,
		});
		if (id.value === CLUSTER) break;
		at = dataStart + size.value;
	}
	return elements;
}

function child(bytes: Buffer, parent: Element | undefined, id: number): Element | undefined {
	return parent && children(bytes, parent.start, parent.end).find((element) => element.id === id);
}

function uint(bytes: Buffer, element: Element | undefined): number | undefined {
	if (!element || element.cut || element.end <= element.start || element.end - element.start > 6)
		return undefined;
	return bytes.readUIntBE(element.start, element.end - element.start);
}

function float(bytes: Buffer, element: Element | undefined): number | undefined {
	const length = element && !element.cut ? element.end - element.start : 0;
	if (length === 4) return bytes.readFloatBE(element!.start);
	return length === 8 ? bytes.readDoubleBE(element!.start) : undefined;
}

function seconds(bytes: Buffer, segment: Element | undefined): number | undefined {
	const info = child(bytes, segment, INFO);
	const scaleElement = child(bytes, info, TIMECODE_SCALE);
	// An Info cut short may have lost its scale: the default cannot be assumed then.
	if (!info || (info.cut && !scaleElement) || scaleElement?.cut) return undefined;
	const duration = float(bytes, child(bytes, info, DURATION));
	const scale = uint(bytes, scaleElement) ?? DEFAULT_TIMECODE_SCALE;
	return duration === undefined ? undefined : (duration * scale) / 1e9;
}

export function probeWebm(bytes: Buffer, total = bytes.length): MediaInfo | undefined {
	if (bytes.length < 4 || bytes.readUInt32BE(0) !== EBML) return undefined;
	const segment = children(bytes, 0, bytes.length).find((element) => element.id === SEGMENT);
	const tracks = child(bytes, segment, TRACKS);
	const entries = (tracks ? children(bytes, tracks.start, tracks.end) : []).filter(
		(element) => element.id === TRACK_ENTRY,
	);
	const types = entries.map((entry) => uint(bytes, child(bytes, entry, TRACK_TYPE)));
	const video = child(bytes, entries[types.indexOf(TRACK_TYPE_VIDEO)], VIDEO);
	const width = uint(bytes, child(bytes, video, PIXEL_WIDTH));
	const height = uint(bytes, child(bytes, video, PIXEL_HEIGHT));
	// Audio only when every track is known: a cut Tracks may have lost the video track.
	const audioOnly =
		!tracks?.cut && !types.includes(TRACK_TYPE_VIDEO) && types.includes(TRACK_TYPE_AUDIO);
	return mediaInfo('webm', total, { width, height, seconds: seconds(bytes, segment) }, audioOnly);
}
