import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { BinaryFileInfo } from '../binary';
import { binaryFileInfo } from '../binary';
import type { AssetType } from '../catalog';
import { validateAssetUpload } from '../rules';

/** MIME subtypes that name a format differently from the spec's list (jpg/png/.../mov/wav/mp3). */
const FORMAT_OF_SUBTYPE: Record<string, string> = {
	quicktime: 'mov',
	mpeg: 'mp3',
	mp3: 'mp3',
	'x-wav': 'wav',
	wave: 'wav',
	'vnd.wave': 'wav',
	'x-m4a': 'm4a',
};
const TYPE_OF_FAMILY: Record<string, AssetType> = { image: 'IMAGE', video: 'VIDEO', audio: 'AUDIO' };

/** What a binary property is, as far as its MIME type (or, for a generic type, its file name) tells. */
export interface FileKind {
	type?: AssetType;
	format?: string;
}

/**
 * The asset type and format of a file. The service detects the type from the bytes; the client
 * reads n8n's MIME type, and falls back to the file extension only for a generic type
 * (application/octet-stream). A file whose kind cannot be told is sent, and the service decides.
 */
export function kindOf(file: Pick<BinaryFileInfo, 'mimeType' | 'fileName'>): FileKind {
	const [family, rawSubtype = ''] = file.mimeType.split(';')[0].trim().toLowerCase().split('/');
	const type = TYPE_OF_FAMILY[family];
	if (type) return { type, format: FORMAT_OF_SUBTYPE[rawSubtype] ?? rawSubtype };
	const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase();
	if (family === 'application' && rawSubtype === 'octet-stream' && extension) return { format: extension === 'jpg' ? 'jpeg' : extension };
	if (family === 'application' && rawSubtype === 'octet-stream') return {};
	return { format: rawSubtype || family };
}

export interface CheckedFile extends BinaryFileInfo, FileKind {}

/**
 * Checks an item's binary property against the spec's upload rules (types, 50 MB overall, image
 * 30, video 50, audio 15, name at most 64 characters) from its metadata alone: a refused file sends nothing.
 */
export async function checkBinaryFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	name?: string,
): Promise<CheckedFile> {
	const info = await binaryFileInfo(ctx, itemIndex, propertyName);
	const kind = kindOf(info);
	const verdict = validateAssetUpload({ name, type: kind.type, format: kind.format, bytes: info.bytes });
	if (!verdict.ok) {
		throw new NodeOperationError(ctx.getNode(), `${verdict.code}: binary property "${propertyName}" (${info.fileName}, ${info.mimeType}): ${verdict.message}`, {
			itemIndex,
			description: `Field: ${verdict.path ?? 'file'}. The file was not uploaded.`,
		});
	}
	return { ...info, ...kind };
}
