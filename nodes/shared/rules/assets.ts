/** POST /assets/upload: name length, type and format, size caps (each judged when known). */
import { ASSETS, MB, type AssetType } from '../catalog';
import { CODES } from './codes';
import { OK, fail, oneOf } from './result';
import type { ValidationResult } from './types';

const TYPES = Object.keys(ASSETS.types) as AssetType[];

export interface AssetUpload {
	name?: string;
	/** IMAGE, VIDEO or AUDIO (any case, so a kind detected as 'image' works too). */
	type?: string;
	format?: string;
	bytes?: number;
}

/** 'JPG', 'jpeg' -> 'jpeg': one spelling per format, lower case. */
export function normalizeFormat(format: string): string {
	const lower = format.toLowerCase();
	return lower === 'jpg' ? 'jpeg' : lower;
}

const formatsOf = (type: AssetType) => ASSETS.types[type].formats.map(normalizeFormat);

/** The asset type a format belongs to, if any. */
function typeOfFormat(format: string): AssetType | undefined {
	return TYPES.find((t) => formatsOf(t).includes(format));
}

export function validateAssetUpload(asset: AssetUpload): ValidationResult {
	const { name, bytes } = asset;
	if (name !== undefined && name.length > ASSETS.nameMaxLength) {
		const message = `the name has ${name.length} characters: shorten it to at most ${ASSETS.nameMaxLength}`;
		return fail(CODES.NAME_TOO_LONG, message, 'name');
	}
	const type = asset.type?.toUpperCase();
	if (type !== undefined && !TYPES.includes(type as AssetType)) {
		return fail(
			CODES.UNSUPPORTED_FILE_TYPE,
			`type '${asset.type}' is not an asset type: choose ${oneOf(TYPES)}`,
			'type',
		);
	}
	const format = asset.format === undefined ? undefined : normalizeFormat(asset.format);
	const effective = (type as AssetType | undefined) ?? (format ? typeOfFormat(format) : undefined);
	if (format !== undefined && (!effective || !formatsOf(effective).includes(format))) {
		const allowed = effective
			? `${effective} takes ${oneOf(ASSETS.types[effective].formats)}`
			: allFormats();
		return fail(
			CODES.UNSUPPORTED_FILE_TYPE,
			`${format.toUpperCase()} files cannot be uploaded: ${allowed}`,
			'file',
		);
	}
	return checkSize(bytes, effective);
}

function allFormats(): string {
	return TYPES.map((t) => `${t.toLowerCase()} ${ASSETS.types[t].formats.join('/')}`).join('; ');
}

function checkSize(bytes: number | undefined, type: AssetType | undefined): ValidationResult {
	if (bytes === undefined) return OK;
	const cap = type ? Math.min(ASSETS.types[type].maxBytes, ASSETS.maxBytes) : ASSETS.maxBytes;
	if (bytes <= cap) return OK;
	const what = type ? `${type.toLowerCase()} files` : 'files';
	return fail(
		CODES.FILE_TOO_LARGE,
		`the file is ${(bytes / MB).toFixed(1)} MB: ${what} may be at most ${cap / MB} MB`,
		'file',
	);
}
