/** Public types of the rules (re-exported by index.ts; others code against them). */

export type MediaKind = 'image' | 'video' | 'audio';

/** What is known about one referenced media entry. Every field optional: a rule whose fact is absent is skipped, never guessed. */
export interface MediaFact {
	/** false: the reference does not resolve (unknown asset / not an uploaded file). */
	found?: boolean;
	/** false: belongs to another account. */
	owned?: boolean;
	/** Detected from the bytes. */
	kind?: MediaKind;
	/** 'png','jpeg','webp','gif','bmp','tiff','heic','mp4','mov','webm','wav','mp3' */
	format?: string;
	seconds?: number;
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

export interface CreateTaskRequest {
	model: string;
	inputs: Record<string, unknown>;
	callBackUrl?: string;
}

export type ValidationResult = { ok: true } | { ok: false; code: string; message: string; path?: string };
