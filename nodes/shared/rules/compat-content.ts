/**
 * The `content` items of a compatible-API task: item shape, URL forms and each type's roles. How
 * roles combine (how many frames, a last frame without a first, frames beside references) the
 * Task-Compatible Video API document does not rule on, so the service decides.
 */
import { z } from 'zod';
import { COMPAT, type CompatContentType, type CompatRole } from '../catalog';
import { CODES } from './codes';
import { isRecord } from './fields';
import { fail, oneOf, shown, type Failure } from './result';
import { urlForm } from './urls';

type MediaType = Exclude<CompatContentType, 'text'>;

function mediaItem<T extends MediaType>(type: T) {
	return z
		.object({
			type: z.literal(type),
			[type]: z.object({ url: z.string() }).passthrough(),
			role: z.enum(COMPAT.roles[type] as [CompatRole, ...CompatRole[]]).optional(),
		})
		.passthrough();
}

const ITEM = z.discriminatedUnion('type', [
	z.object({ type: z.literal('text'), text: z.string() }).passthrough(),
	mediaItem('image_url'),
	mediaItem('video_url'),
	mediaItem('audio_url'),
]);

export interface ContentItem {
	type: CompatContentType;
	text?: string;
	url?: string;
	role?: CompatRole;
}

/** Parses every item, or returns the first bad one. */
export function parseContent(content: readonly unknown[]): ContentItem[] | Failure {
	const items: ContentItem[] = [];
	for (const [index, raw] of content.entries()) {
		const parsed = ITEM.safeParse(raw);
		if (!parsed.success) return itemFailure(index, raw, parsed.error.issues[0]);
		const item = parsed.data as Record<string, unknown> & { type: CompatContentType };
		const url = item.type === 'text' ? undefined : (item[item.type] as { url: string }).url;
		const failure = url === undefined ? undefined : checkUrl(index, item.type as MediaType, url);
		if (failure) return failure;
		items.push({
			type: item.type,
			text: item.text as string | undefined,
			url,
			role: item.role as CompatRole | undefined,
		});
	}
	return items;
}

function itemFailure(index: number, raw: unknown, issue: z.ZodIssue): Failure {
	const at = `content[${index}]`;
	const path = `${at}${issue.path.map((p) => `.${p}`).join('')}`;
	return fail(CODES.INVALID_PARAMETER, itemMessage(at, raw, issue), path);
}

function itemMessage(at: string, raw: unknown, issue: z.ZodIssue): string {
	if (!isRecord(raw)) return `${at} must be an object like {type: 'text', text: '...'}`;
	const type = raw.type as MediaType;
	const last = issue.path[issue.path.length - 1];
	if (issue.code === 'invalid_union_discriminator' || last === 'type') {
		return `${at}.type ${shown(type)} is not a content type: use ${oneOf(COMPAT.contentTypes)}`;
	}
	if (last === 'role')
		return `${at}.role is not a role of ${type}: use ${oneOf(COMPAT.roles[type])}`;
	if (last === 'text') return `${at}.text must be the prompt text`;
	return `${at}.${type}.url is required: send a public URL, a Base64 data URI or asset://<ASSET_ID>`;
}

function checkUrl(index: number, type: MediaType, url: string): Failure | undefined {
	if ((COMPAT.urlForms as readonly string[]).includes(urlForm(url))) return undefined;
	const message = `${shown(url)} is not a media reference: send a public http(s) URL, a Base64 data URI or asset://<ASSET_ID>`;
	return fail(CODES.INVALID_URL, message, `content[${index}].${type}.url`);
}
