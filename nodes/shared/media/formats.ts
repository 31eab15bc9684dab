/** Media format names, their kinds, MIME types and file extensions. */
import type { MediaKind } from '../rules/types';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp';
export type VideoFormat = 'mp4' | 'mov';
export type AudioFormat = 'wav' | 'mp3';
export type MediaFormat = ImageFormat | VideoFormat | AudioFormat | 'tiff' | 'heic' | 'webm';

export interface MediaInfo {
	kind: MediaKind;
	format: MediaFormat;
	/** Length of the whole file; left out only by readMedia over a source that does not know it. */
	bytes?: number;
	width?: number;
	height?: number;
	seconds?: number;
	hasAlpha?: boolean;
	mimeType: string;
}

interface FormatFacts {
	kind: MediaKind;
	mimeType: string;
	extension: string;
}

const FACTS: Record<MediaFormat, FormatFacts> = {
	png: { kind: 'image', mimeType: 'image/png', extension: 'png' },
	jpeg: { kind: 'image', mimeType: 'image/jpeg', extension: 'jpg' },
	webp: { kind: 'image', mimeType: 'image/webp', extension: 'webp' },
	gif: { kind: 'image', mimeType: 'image/gif', extension: 'gif' },
	bmp: { kind: 'image', mimeType: 'image/bmp', extension: 'bmp' },
	tiff: { kind: 'image', mimeType: 'image/tiff', extension: 'tiff' },
	heic: { kind: 'image', mimeType: 'image/heic', extension: 'heic' },
	mp4: { kind: 'video', mimeType: 'video/mp4', extension: 'mp4' },
	mov: { kind: 'video', mimeType: 'video/quicktime', extension: 'mov' },
	webm: { kind: 'video', mimeType: 'video/webm', extension: 'webm' },
	wav: { kind: 'audio', mimeType: 'audio/wav', extension: 'wav' },
	mp3: { kind: 'audio', mimeType: 'audio/mpeg', extension: 'mp3' },
};

// Callers also pass format names they stored as plain strings, so unknown names get a fallback
// instead of a type error; `string & {}` keeps editor completion for the known names.
type FormatName = MediaFormat | (string & {});

function factsOf(format: FormatName): FormatFacts | undefined {
	return Object.prototype.hasOwnProperty.call(FACTS, format)
		? FACTS[format as MediaFormat]
		: undefined;
}

/** e.g. 'image/png'; 'application/octet-stream' for an unknown name. */
export function mimeTypeOf(format: FormatName): string {
	return factsOf(format)?.mimeType ?? 'application/octet-stream';
}

/** File extension without the dot, e.g. 'jpg'; 'bin' for an unknown name. */
export function extensionOf(format: FormatName): string {
	return factsOf(format)?.extension ?? 'bin';
}

/**
 * Builds the probe result for a recognised format, leaving out facts that could not be read.
 * `audioOnly` marks a video container holding only sound (an .m4a, an audio WebM).
 */
export function mediaInfo(
	format: MediaFormat,
	bytes: number | undefined,
	facts: Partial<Pick<MediaInfo, 'width' | 'height' | 'seconds' | 'hasAlpha'>> = {},
	audioOnly = false,
): MediaInfo {
	const { kind, mimeType } = FACTS[format];
	const known = Object.entries(facts).filter(([, value]) => value !== undefined);
	const base: MediaInfo = audioOnly
		? { kind: 'audio', format, bytes, mimeType: mimeType.replace('video/', 'audio/') }
		: { kind, format, bytes, mimeType };
	return { ...base, ...Object.fromEntries(known) };
}

/** The MIME type a file name's extension stands for ('jpg' and 'jpeg' alike); octet-stream if unknown. */
export function mimeTypeOfFileName(fileName: string): string {
	const extension = fileName.includes('.') ? (fileName.split('.').pop()?.toLowerCase() ?? '') : '';
	const format = (Object.keys(FACTS) as MediaFormat[]).find(
		(name) => name === extension || FACTS[name].extension === extension,
	);
	return mimeTypeOf(format ?? extension);
}
