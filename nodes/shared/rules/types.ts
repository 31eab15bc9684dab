/** Public types of the rules (re-exported by index.ts; others code against them). */

/** What a medium is, read from its bytes (the media reader) or known by the service. */
export type MediaKind = 'image' | 'video' | 'audio';

/**
 * What is known of one referenced media entry. Every field is optional: a rule whose fact is absent
 * is skipped, never guessed. The package learns facts from binary data, the service's asset records
 * and the files' own headers; the service (and the emulator) knows them all.
 */
export interface MediaFact {
	/** Length in seconds (input videos are billed by it, clip limits judge it). */
	seconds?: number;
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
	/** false: the duration could not be read (READ_FAILED). */
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

/**
 * A request refused in the words of the service's API documentation: its code, what to change, and
 * the offending field ('inputs.duration'; a node parameter's name where the node refuses it).
 */
export interface Refusal {
	code: string;
	message: string;
	path?: string;
}

export type ValidationResult = { ok: true } | ({ ok: false } & Refusal);
