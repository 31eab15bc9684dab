import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

/** A readable stream, as n8n's binary helpers accept it (the `stream` module may not be imported). */
type BinarySource = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/** MIME types of the files the services deliver, for hosts that send no usable Content-Type. */
const MIME_BY_EXTENSION: Record<string, string> = {
	mp4: 'video/mp4',
	mov: 'video/quicktime',
	webm: 'video/webm',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	webp: 'image/webp',
	gif: 'image/gif',
	wav: 'audio/wav',
	mp3: 'audio/mpeg',
};

export function fileNameFromUrl(url: string, fallback: string): string {
	try {
		const last = new URL(url).pathname.split('/').filter(Boolean).pop();
		return last && /\.[a-z0-9]+$/i.test(last) ? decodeURIComponent(last) : fallback;
	} catch {
		return fallback;
	}
}

export function mimeTypeFor(fileName: string, contentType?: string): string {
	const declared = contentType?.split(';')[0].trim().toLowerCase();
	if (declared && declared !== 'application/octet-stream') return declared;
	const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
	return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/**
 * Downloads a result file into n8n binary data as a stream, so a large video is never held in
 * memory as a whole: n8n writes the stream to its binary data store. Result URLs are public files,
 * so they are fetched without the credential (the API key never goes to a file host).
 */
export async function downloadToBinary(
	ctx: IExecuteFunctions,
	url: string,
	fallbackName: string,
): Promise<IBinaryData> {
	const response = (await ctx.helpers.httpRequest({
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		timeout: 10 * 60_000,
	})) as IN8nHttpFullResponse;
	const fileName = fileNameFromUrl(url, fallbackName);
	const contentType = response.headers['content-type'];
	const mimeType = mimeTypeFor(fileName, typeof contentType === 'string' ? contentType : undefined);
	return await ctx.helpers.prepareBinaryData(response.body as BinarySource, fileName, mimeType);
}
