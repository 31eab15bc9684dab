/** The `content` items of a compatible-API task: item shape, URL forms, and how roles combine. */
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
		items.push({ type: item.type, text: item.text as string | undefined, url, role: item.role as CompatRole | undefined });
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
	if (last === 'role') return `${at}.role is not a role of ${type}: use ${oneOf(COMPAT.roles[type])}`;
	if (last === 'text') return `${at}.text must be the prompt text`;
	return `${at}.${type}.url is required: send a public URL, a Base64 data URI or asset://<ASSET_ID>`;
}

function checkUrl(index: number, type: MediaType, url: string): Failure | undefined {
	if ((COMPAT.urlForms as readonly string[]).includes(urlForm(url))) return undefined;
	const message = `${shown(url)} is not a media reference: send a public http(s) URL, a Base64 data URI or asset://<ASSET_ID>`;
	return fail(CODES.INVALID_URL, message, `content[${index}].${type}.url`);
}

const FRAME_ROLES: readonly CompatRole[] = ['first_frame', 'last_frame'];

/**
 * The spec lists the roles without their rules; we apply the evident ones (as the unified API does
 * for keyframes): one first and one last frame at most, a last frame needs a first frame, and
 * frame roles do not mix with reference roles.
 */
export function checkRoles(items: readonly ContentItem[]): Failure | undefined {
	const count = (role: CompatRole) => items.filter((i) => i.role === role).length;
	const bad = (message: string) => fail(CODES.INVALID_MEDIA_COMBINATION, message, 'content');
	for (const role of FRAME_ROLES) {
		if (count(role) > 1) return bad(`content has ${count(role)} ${role} images: send at most one`);
	}
	if (count('last_frame') > 0 && count('first_frame') === 0) return bad('a last_frame image needs a first_frame image too');
	const framed = items.some((i) => i.role && FRAME_ROLES.includes(i.role));
	const referenced = items.some((i) => i.role && !FRAME_ROLES.includes(i.role));
	if (framed && referenced) {
		return bad('first_frame/last_frame images cannot be mixed with reference_image, reference_video or reference_audio items');
	}
	return undefined;
}
