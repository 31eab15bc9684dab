import {
	CODES,
	isPrivateOrInsecureUrl,
	validateAssetUpload,
} from '../../../nodes/shared/rules/index';
import { modelUploadIds } from '../../../nodes/shared/catalog/index';
import { now } from '../emulator';
import { isMultipart, multipartOf, parseJsonObject } from '../http/body';
import { ApiError, assertValid, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx } from '../http/router';
import { probeMedia } from '../media/index';
import { ownFileId } from '../own-files';
import type { Account, Asset, AssetInfo, AssetType } from '../store';
import { newId } from '../ids';
import { assetView } from './asset-view';

const TYPE_OF_KIND: Record<string, AssetType> = { image: 'IMAGE', video: 'VIDEO', audio: 'AUDIO' };

/**
 * A JSON upload names an https url the emulator cannot fetch (no internet): it trusts the declared
 * type and assumes typical facts. A url of the emulator's own /files/ is read for real.
 */
const ASSUMED: Record<AssetType, AssetInfo> = {
	IMAGE: { format: 'png', width: 1024, height: 1024, readable: true },
	VIDEO: { format: 'mp4', width: 1280, height: 720, seconds: 5, readable: true },
	AUDIO: { format: 'mp3', seconds: 5, readable: true },
};

interface Upload {
	name: string;
	type: AssetType;
	info: AssetInfo;
	url?: string;
	bytes?: Buffer;
}

/** Facts read from the bytes; the type comes from the bytes, never from the file name. */
function fromBytes(bytes: Buffer, name: string, declared?: AssetType): Upload {
	const media = probeMedia(bytes);
	const type = media ? TYPE_OF_KIND[media.kind] : undefined;
	assertValid(validateAssetUpload({ name, type, format: media?.format, bytes: bytes.length }));
	if (!media || !type) {
		throw new ApiError(
			400,
			'The file is not a supported image, video or audio file',
			CODES.UNSUPPORTED_FILE_TYPE,
			'file',
		);
	}
	if (declared && declared !== type) {
		throw new ApiError(
			400,
			`The file is ${type}, not the declared ${declared}`,
			CODES.UNSUPPORTED_FILE_TYPE,
			'type',
		);
	}
	const { width, height, seconds, hasAlpha, format } = media;
	return {
		name,
		type,
		bytes,
		info: { format, bytes: bytes.length, width, height, seconds, hasAlpha, readable: true },
	};
}

function fromMultipart(ctx: Ctx): Upload {
	const form = multipartOf(ctx.headers['content-type'], ctx.body);
	const file = form.files.find((f) => f.field === 'file');
	if (!file) throw new ApiError(400, 'Multipart field "file" is required', 'FILE_REQUIRED', 'file');
	return fromBytes(file.data, form.fields.name ?? file.filename);
}

function fromJson(ctx: Ctx): Upload {
	const body = parseJsonObject(ctx.body);
	const { url, type } = body;
	const name = typeof body.name === 'string' ? body.name : '';
	if (typeof url !== 'string' || !url)
		throw new ApiError(400, 'url is required', CODES.INVALID_URL, 'url');
	if (typeof type !== 'string')
		throw new ApiError(
			400,
			'type is required: IMAGE, AUDIO or VIDEO',
			CODES.INVALID_PARAMETER,
			'type',
		);
	assertValid(validateAssetUpload({ name, type }));
	const own = ownFileId(ctx, url);
	if (own)
		return {
			...fromBytes(ctx.emu.files.bytes(own) as Buffer, name, type as AssetType),
			url,
			bytes: undefined,
		};
	if (isPrivateOrInsecureUrl(url)) {
		throw new ApiError(400, 'url must be a publicly reachable https URL', CODES.INVALID_URL, 'url');
	}
	const info = ASSUMED[type as AssetType];
	assertValid(validateAssetUpload({ name, type: type as string, format: info.format }));
	return { name, type: type as AssetType, info, url };
}

function store(ctx: Ctx, account: Account, upload: Upload, alt: boolean): Asset {
	const { emu } = ctx;
	const fileId = upload.bytes
		? emu.files.add(upload.bytes, upload.info.format as string)
		: undefined;
	const url =
		upload.url ??
		(alt ? emu.files.altUrl(fileId as string) : emu.files.assetUrl(ctx.origin, fileId as string));
	const asset: Asset = {
		assetId: emu.store.nextNumber(),
		providerAssetId: alt ? null : newId('ast'),
		owner: account.apiKey,
		type: upload.type,
		name: upload.name,
		url,
		createdAt: now(),
		reviewDoneAt: now() + emu.settings.reviewDurationMs,
		rejected: upload.name.includes('[reject]'),
		// Lets tests reach READ_FAILED: the emulator pretends it cannot read this file's duration.
		info: { ...upload.info, readable: !upload.name.includes('[unreadable]') },
		fileId,
	};
	emu.store.assets.set(asset.assetId, asset);
	return asset;
}

/** POST /assets/upload: multipart or JSON for review; `?model=<alt alias>` (multipart) for the alt family. */
export function uploadAssetRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const model = ctx.query.get('model');
	const multipart = isMultipart(ctx.headers['content-type']);
	if (model !== null) {
		if (!modelUploadIds().includes(model)) {
			const aliases = modelUploadIds().join(', ');
			throw new ApiError(
				400,
				`model must be an alternative-family alias (${aliases})`,
				CODES.UNSUPPORTED_MODEL,
				'model',
			);
		}
		if (!multipart)
			throw new ApiError(
				400,
				'Alternative-family uploads are multipart/form-data',
				'INVALID_CONTENT_TYPE',
			);
		const asset = store(ctx, account, fromMultipart(ctx), true);
		return ok({ assetId: asset.assetId, type: asset.type, status: 'ACTIVE', url: asset.url });
	}
	const asset = store(ctx, account, multipart ? fromMultipart(ctx) : fromJson(ctx), false);
	return ok(assetView(asset));
}
