import { routeOf } from './media-inputs';

/**
 * Media from binary data in a create request. While the batch is planned, a binary property stands
 * in the request's URL lists as a placeholder of the form the model takes (asset://... for the sd
 * family, an https URL for the alt family and image models), so the rules judge the request with the media counted
 * and nothing is uploaded for an invalid item. Once every item is planned, the files are checked
 * (caps from their metadata), uploaded, reviewed, and the placeholders replaced by the real values
 * (create/binary-media.ts).
 */

const ASSET_PREFIX = 'asset://n8n-binary-';
const URL_PREFIX = 'https://n8n-binary.invalid/';

export function binaryPlaceholder(model: string, propertyName: string): string {
	const route = routeOf(model);
	const url = route === 'altUrl' || route === 'reviewedUrl';
	return `${url ? URL_PREFIX : ASSET_PREFIX}${encodeURIComponent(propertyName)}`;
}

/** The placeholder of a binary property where only an https URL fits (e.g. an upscale source). */
export const binaryUrlPlaceholder = (propertyName: string) =>
	`${URL_PREFIX}${encodeURIComponent(propertyName)}`;

/** The binary property a placeholder stands for, or undefined for any other value. */
export function propertyOf(entry: unknown): string | undefined {
	if (typeof entry !== 'string') return undefined;
	const prefix = [ASSET_PREFIX, URL_PREFIX].find((start) => entry.startsWith(start));
	return prefix ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** Property names as users type them: comma- or line-separated (n8n binary field names hold neither). */
export function binaryNames(value: unknown): string[] {
	if (typeof value !== 'string') return [];
	return value
		.split(/[\r\n,]/)
		.map((name) => name.trim())
		.filter(Boolean);
}
