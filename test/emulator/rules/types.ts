/** What the emulated service knows about the media a request references (read from the bytes it holds). */
import type { MediaFact as PricedFact } from '../../../nodes/shared/rules/index';

export type MediaKind = 'image' | 'video' | 'audio';

/**
 * One referenced media entry. Every field optional: a rule whose fact is absent is skipped, never
 * guessed. `seconds` is the package's own (pricing bills input videos by it).
 */
export interface MediaFact extends PricedFact {
	/** false: the reference does not resolve (unknown asset / not an uploaded file). */
	found?: boolean;
	/** false: belongs to another account. */
	owned?: boolean;
	/** Detected from the bytes. */
	kind?: MediaKind;
	/** 'png','jpeg','webp','gif','bmp','tiff','heic','mp4','mov','webm','wav','mp3' */
	format?: string;
	width?: number;
	height?: number;
	bytes?: number;
	/** Image with transparency. */
	hasAlpha?: boolean;
	/** false: duration could not be read (READ_FAILED). */
	readable?: boolean;
}

/** Facts per entry of inputs.urls / videoUrls / audioUrls, by index. */
export interface MediaFacts {
	urls?: (MediaFact | undefined)[];
	videoUrls?: (MediaFact | undefined)[];
	audioUrls?: (MediaFact | undefined)[];
}
