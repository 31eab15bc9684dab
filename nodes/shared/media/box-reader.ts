/** Reads ISO-BMFF / QuickTime box trees without copying. */

export interface BoxSpan {
	type: string;
	/** First payload byte (after size, type and any 64-bit size). */
	start: number;
	/** One past the last payload byte, clipped to the parent and the buffer. */
	end: number;
	/** Set when the buffer ends inside the box (a head of the file): its facts are not all here. */
	cut?: true;
}

/** The boxes directly inside [start, end); stops at the first malformed header. */
export function childBoxes(bytes: Buffer, start = 0, end = bytes.length): BoxSpan[] {
	const spans: BoxSpan[] = [];
	const limit = Math.min(end, bytes.length);
	for (let at = start; at + 8 <= limit;) {
		let size = bytes.readUInt32BE(at);
		let header = 8;
		if (size === 1) {
			if (at + 16 > limit) break;
			size = Number(bytes.readBigUInt64BE(at + 8));
			header = 16;
		} else if (size === 0) size = limit - at; // box runs to the end of the file
		if (size < header) break;
		const type = bytes.toString('latin1', at + 4, at + 8);
		const span: BoxSpan = { type, start: at + header, end: Math.min(at + size, limit) };
		if (at + size > bytes.length) span.cut = true;
		spans.push(span);
		at += size;
	}
	return spans;
}

/** Follows a path of box types from inside `parent`; the first match at each level. */
export function findBox(
	bytes: Buffer,
	parent: BoxSpan | undefined,
	...path: string[]
): BoxSpan | undefined {
	let current = parent;
	for (const type of path) {
		const siblings = childBoxes(bytes, current?.start ?? 0, current?.end ?? bytes.length);
		current = siblings.find((span) => span.type === type);
		if (!current) return undefined;
	}
	return current;
}

/** A FullBox's payload begins with a version byte and three flag bytes. */
export function skipFullBoxHeader(span: BoxSpan): BoxSpan {
	return { ...span, start: span.start + 4 };
}
