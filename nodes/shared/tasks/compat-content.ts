/**
 * The video URL of a succeeded compat task, from either shape its `content` comes in:
 * Task-Compatible Video API, Resources > Task shows a list of `video_url` items
 * (`content[].video_url.url`); the upstream provider's SDK types it as one object
 * (`content.video_url.url`). A `video_url` that is the URL itself is read too. No imports: the
 * task kind and the Simplify output both read it.
 */

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

function urlOf(entry: Entry): string | undefined {
	if (entry.type !== undefined && entry.type !== 'video_url') return undefined;
	const video = entry.video_url;
	const url = isEntry(video) ? video.url : video;
	return typeof url === 'string' && url.trim() ? url : undefined;
}

export function compatVideoUrls(content: unknown): string[] {
	const entries = Array.isArray(content) ? content : [content];
	return entries.flatMap((entry) => {
		const url = isEntry(entry) ? urlOf(entry) : undefined;
		return url ? [url] : [];
	});
}
