import type { IExecuteFunctions } from 'n8n-workflow';

/** A readable stream, as n8n's binary helpers accept it (the `stream` module may not be imported). */
export type BodyStream = Exclude<
	Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
	Buffer
>;

export type Expected = 'video' | 'image' | 'audio' | 'any';

const MEDIA = new Set(['video', 'image', 'audio']);
const PAGE_TYPE =
	/^(text\/|application\/(json|xml|xhtml\+xml|javascript)$|application\/[^;]*\+(json|xml)$)/;
const PAGE_START = /^(<(!doctype\s+html|html|head|body|\?xml)\b|[{[])/i;

/**
 * What the host sent instead of the expected file, or undefined when it looks like one: a sign-in
 * or error page, JSON, or another kind of media. The first bytes catch a page sent with a media type.
 */
export function notMedia(
	contentType: string | undefined,
	head: Buffer,
	expect: Expected,
): string | undefined {
	const declared = contentType?.split(';')[0].trim().toLowerCase() ?? '';
	const family = declared.split('/')[0];
	if (MEDIA.has(family) && expect !== 'any' && family !== expect)
		return `${family === 'video' ? 'a' : 'an'} ${declared} file`;
	if (head.length === 0) return 'an empty file';
	if (PAGE_TYPE.test(declared))
		return `a ${declared.includes('json') ? 'JSON document' : 'web page'} (${declared})`;
	if (declared === 'image/svg+xml') return undefined;
	const start = head.subarray(0, 256).toString('latin1').trimStart();
	return PAGE_START.test(start)
		? `a ${/^[{[]/.test(start) ? 'JSON document' : 'web page'}`
		: undefined;
}
