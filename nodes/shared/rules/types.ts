/** Public types of the rules (re-exported by index.ts; others code against them). */

/**
 * What pricing may know about one referenced media entry: its seconds (input videos are billed by
 * their rounded-up length). Whether a file exists, whose it is and what it contains is judged by
 * the service, never by the package.
 */
export interface MediaFact {
	seconds?: number;
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
