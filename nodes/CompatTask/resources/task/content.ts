import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/** One media row of the Create form: what it is, where it comes from, and its role. */
export interface MediaRow {
	type: 'image_url' | 'video_url' | 'audio_url';
	source: 'url' | 'binary';
	url?: string;
	binaryProperty?: string;
	role?: string;
}

export const mediaRowsOf = (ctx: IExecuteFunctions, itemIndex: number) =>
	(ctx.getNodeParameter('media', itemIndex, {}) as { rows?: MediaRow[] }).rows ?? [];

/**
 * The `content` list: the prompt as a `text` item (left out when empty), then one item per media
 * row, `{type, [type]: {url}, role}`. A binary row's url is read beforehand (see readBinaryUrls).
 */
export function buildContent(
	prompt: string,
	rows: MediaRow[],
	binaryUrls: Map<number, string>,
): IDataObject[] {
	const content: IDataObject[] = prompt.trim() ? [{ type: 'text', text: prompt }] : [];
	rows.forEach((row, index) => {
		const url = row.source === 'binary' ? binaryUrls.get(index) : String(row.url ?? '').trim();
		content.push({ type: row.type, [row.type]: { url }, ...(row.role ? { role: row.role } : {}) });
	});
	return content;
}

/**
 * Task-Compatible Video Generation API, § POST /v1/contents/generations/tasks takes images as
 * "Base64": a binary row becomes a `data:<mime>;base64,` URI (the upstream format's form of Base64
 * images). Only image rows may come from binary data.
 */
export async function readBinaryUrls(
	ctx: IExecuteFunctions,
	itemIndex: number,
	rows: MediaRow[],
): Promise<Map<number, string>> {
	const urls = new Map<number, string>();
	for (const [index, row] of rows.entries()) {
		if (row.source !== 'binary') continue;
		const property = String(row.binaryProperty ?? 'data');
		const fail = (why: string) =>
			new NodeOperationError(ctx.getNode(), `Media ${index + 1}: ${why}`, {
				itemIndex,
				description: 'Nothing was sent.',
			});
		if (row.type !== 'image_url')
			throw fail(
				'only images can be sent from binary data (Base64): give a URL or asset://<officialId> for video and audio',
			);
		const binary = ctx.getInputData()[itemIndex].binary?.[property];
		if (!binary) throw fail(`the input item has no binary field "${property}"`);
		const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
		urls.set(
			index,
			`data:${binary.mimeType || 'application/octet-stream'};base64,${bytes.toString('base64')}`,
		);
	}
	return urls;
}
