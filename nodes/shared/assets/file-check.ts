import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { BinaryFileInfo } from '../transport/binary-upload';
import { binaryFileInfo } from '../transport/binary-upload';
import type { AssetType } from '../catalog';
import { readBinaryMedia } from '../facts/binary-facts';
import { fieldLine } from '../errors';
import { binarySource } from '../transport/binary-source';
import type { MediaInfo, MediaRead } from '../media';
import { CODES, validateAssetUpload } from '../rules';
import type { ValidationResult } from '../rules';
import { fail } from '../rules/result';

/**
 * MIME subtypes that name a format differently from the Unified Generation API,
 * § POST /assets/upload (jpg/png/.../mov/wav/mp3).
 */
const FORMAT_OF_SUBTYPE: Record<string, string> = {
	quicktime: 'mov',
	mpeg: 'mp3',
	mp3: 'mp3',
	'x-wav': 'wav',
	wave: 'wav',
	'vnd.wave': 'wav',
	'x-m4a': 'm4a',
};
const TYPE_OF_FAMILY: Record<string, AssetType> = {
	image: 'IMAGE',
	video: 'VIDEO',
	audio: 'AUDIO',
};

/** What a binary property is, as far as its MIME type (or, for a generic type, its file name) tells. */
interface FileKind {
	type?: AssetType;
	format?: string;
}

/**
 * The asset type and format a file claims: n8n's MIME type, or the file extension for a generic
 * type (application/octet-stream). The service detects the type from the bytes; so does
 * checkBinaryFile, which reads the file's header and trusts it over this claim.
 */
export function kindOf(file: Pick<BinaryFileInfo, 'mimeType' | 'fileName'>): FileKind {
	const [family, rawSubtype = ''] = file.mimeType.split(';')[0].trim().toLowerCase().split('/');
	const type = TYPE_OF_FAMILY[family];
	if (type) return { type, format: FORMAT_OF_SUBTYPE[rawSubtype] ?? rawSubtype };
	const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase();
	if (family === 'application' && rawSubtype === 'octet-stream' && extension)
		return { format: extension === 'jpg' ? 'jpeg' : extension };
	if (family === 'application' && rawSubtype === 'octet-stream') return {};
	return { format: rawSubtype || family };
}

interface CheckedFile extends BinaryFileInfo, FileKind {
	/** What the file's own header says it is, or why that is not known. */
	read: MediaRead;
}

/**
 * Checks an item's binary property before it is uploaded: not empty, its bytes of the kind it
 * claims (a text file named .png is refused), then the Unified Generation API,
 * § POST /assets/upload (types, 50 MB overall, image 30, video 50, audio 15, name at most 64 characters)
 * for what the bytes are. Only the file's header is read. A refused file sends nothing.
 */
export async function checkBinaryFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	name?: string,
): Promise<CheckedFile> {
	const info = await binaryFileInfo(ctx, itemIndex, propertyName);
	const claimed = kindOf(info);
	const read: MediaRead =
		info.bytes > 0
			? await readBinaryMedia(ctx, itemIndex, propertyName)
			: { reason: 'the file is empty' };
	const media = read.info;
	const actual: FileKind = media
		? { type: TYPE_OF_FAMILY[media.kind], format: media.format }
		: claimed;
	const verdict =
		(await contentFault(ctx, itemIndex, propertyName, info, claimed, media)) ??
		validateAssetUpload({ name, ...actual, bytes: info.bytes });
	if (!verdict.ok) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${verdict.code}: binary property "${propertyName}" (${info.fileName}, ${info.mimeType}): ${verdict.message}`,
			{
				itemIndex,
				description: `${fieldLine(ctx.getNode(), verdict.path ?? 'file')}. The file was not uploaded and nothing was created.`,
			},
		);
	}
	return { ...info, ...actual, read };
}

/**
 * An empty file, a file whose header is another kind of media than it claims, or text claiming to
 * be media. Bytes the package cannot read but that are not text go to the service, which detects
 * the type itself (the package's readers may not know every variant it takes).
 */
async function contentFault(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	info: BinaryFileInfo,
	claimed: FileKind,
	media: MediaInfo | undefined,
): Promise<ValidationResult | undefined> {
	if (info.bytes === 0)
		return fail(
			CODES.EMPTY_FILE,
			'the file is empty (0 bytes): check the node that produced it',
			'file',
		);
	const claim = claimed.type?.toLowerCase();
	if (media && claim && media.kind !== claim) {
		return fail(
			CODES.FILE_TYPE_MISMATCH,
			`it claims to be ${claim} but its bytes are ${media.kind} (${media.format.toUpperCase()}): give the right file or fix its MIME type`,
			'file',
		);
	}
	// A file that names a non-media type (application/pdf) gets the upload rules' own refusal.
	const claimsMedia = claimed.type !== undefined || claimed.format === undefined;
	if (media || !claimsMedia || !(await looksLikeText(ctx, itemIndex, propertyName)))
		return undefined;
	const what = claim ? `${claim === 'image' ? 'an' : 'a'} ${claim}` : 'media';
	return fail(
		CODES.FILE_TYPE_MISMATCH,
		`it claims to be ${what} file but its bytes are text: give the media file itself`,
		'file',
	);
}

/** The first bytes are printable text (UTF-8, no control bytes but whitespace): a page, a note, JSON. */
async function looksLikeText(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<boolean> {
	const source = await binarySource(ctx, itemIndex, propertyName);
	let head: Buffer;
	try {
		head = await source.read(0, 512);
	} finally {
		source.close?.();
	}
	if (head.length === 0) return false;
	if (head.some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d))
		return false;
	try {
		// `stream`: a character cut at the end of the window is not an error.
		new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
		return true;
	} catch {
		return false;
	}
}
