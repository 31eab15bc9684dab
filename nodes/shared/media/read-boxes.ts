import type { MediaFormat } from './formats';
import { ReadRefused, sizeText, type ForwardWindows } from './source';

/**
 * MP4, MOV and HEIC keep their facts in one top-level box (moov; HEIC: meta), which a camera or
 * an editor often writes after the media data. The top-level box headers are walked with small
 * reads to that box, and only it is read: never the media data (mdat) in between.
 */

/** The box holding the facts of each ISO-BMFF format. */
const FACTS_BOX: Partial<Record<MediaFormat, string>> = { mp4: 'moov', mov: 'moov', heic: 'meta' };
/** A moov is about 1% of a long H.264 file; a larger one is refused with its reason. */
export const MAX_FACTS_BOX = 16 * 1024 * 1024;
/** size + type, then a 64-bit size when size is 1. */
const LONGEST_HEADER = 16;

interface TopBox {
	type: string;
	start: number;
	/** Undefined: the box runs to the end of a file of unknown length. */
	end?: number;
	header: number;
}

const ENDS_BEFORE_HEADER = 'the file ends before its header';

export function factsBoxOf(format: MediaFormat): string | undefined {
	return FACTS_BOX[format];
}

async function boxAt(
	windows: ForwardWindows,
	at: number,
	total: number | undefined,
): Promise<TopBox | undefined> {
	const bytes = await windows.range(at, LONGEST_HEADER);
	if (bytes.length < 8) return undefined;
	const size32 = bytes.readUInt32BE(0);
	const type = bytes.toString('latin1', 4, 8);
	if (size32 === 1) {
		if (bytes.length < 16) return undefined;
		return { type, start: at, end: at + Number(bytes.readBigUInt64BE(8)), header: 16 };
	}
	// Size 0: the box runs to the end of the file.
	return { type, start: at, end: size32 === 0 ? total : at + size32, header: 8 };
}

/** The top-level box of `type`, found by walking the headers before it. */
async function findTopBox(
	windows: ForwardWindows,
	type: string,
	total: number | undefined,
): Promise<TopBox> {
	for (let at = 0; total === undefined || at < total;) {
		const box = await boxAt(windows, at, total);
		if (!box) break;
		if (box.type === type) return box;
		if (box.end === undefined || box.end === total) break;
		if (box.end < at + box.header)
			throw new ReadRefused('the file is damaged: a box declares a size shorter than its header');
		at = box.end;
	}
	throw new ReadRefused(ENDS_BEFORE_HEADER);
}

/**
 * The ftyp (when the file starts with one) followed by the facts box: enough for probeMedia to
 * give a file's facts. Refused with the reason when the box is missing or too large.
 */
export async function readFactsBox(
	windows: ForwardWindows,
	head: Buffer,
	type: string,
	total: number | undefined,
): Promise<Buffer> {
	const box = await findTopBox(windows, type, total);
	if (box.end === undefined)
		throw new ReadRefused(`the ${type} header runs to the end of a file of unknown length`);
	const length = box.end - box.start;
	if (length > MAX_FACTS_BOX) {
		throw new ReadRefused(
			`the ${type} header is ${sizeText(length)}, more than the ${sizeText(MAX_FACTS_BOX)} this check reads`,
		);
	}
	const bytes = await windows.range(box.start, length);
	if (bytes.length < length) throw new ReadRefused(ENDS_BEFORE_HEADER);
	const ftypLength = head.toString('latin1', 4, 8) === 'ftyp' ? head.readUInt32BE(0) : 0;
	const ftyp =
		ftypLength >= 8 && ftypLength <= head.length && box.start >= ftypLength
			? head.subarray(0, ftypLength)
			: undefined;
	return ftyp ? Buffer.concat([ftyp, bytes]) : bytes;
}
