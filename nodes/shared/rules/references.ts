/** Syntax of media references: is each entry a form (https/http/asset://) its list accepts. */
import type { MediaLimits, UrlKind } from '../catalog';
import { CODES } from './codes';
import { fail, oneOf, shown, type Failure } from './result';
import { urlForm } from './urls';

interface ReferenceContext {
	/** Path of the list ('inputs.urls'). */
	path: string;
	/** Code for an asset:// reference where the list does not take one. */
	assetRefusedCode: string;
	/** What to do instead, shown after an asset:// refusal. */
	uploadHint: string;
}

const FORM_NAMES: Record<UrlKind, string> = {
	https: 'https URL',
	http: 'http URL',
	asset: 'asset://<providerAssetId>',
};

/**
 * A list that takes only asset:// gives EXTERNAL_URL for anything else (sd videoUrls); an asset://
 * where it is not taken gives the context's code (alt: REFERENCE_*_INVALID); any other form that
 * does not fit is INVALID_URL.
 */
export function checkReferenceForms(
	list: readonly unknown[],
	limits: MediaLimits,
	ctx: ReferenceContext,
): Failure | undefined {
	const accepts = limits.accepts;
	const assetOnly = accepts.length === 1 && accepts[0] === 'asset';
	for (const [index, entry] of list.entries()) {
		const form = urlForm(String(entry));
		if ((accepts as readonly string[]).includes(form)) continue;
		const path = `${ctx.path}[${index}]`;
		if (assetOnly) {
			const message = `${shown(entry)} is not an uploaded asset: upload it first (Upload Asset, or a binary field of this node) and give asset://<providerAssetId>`;
			return fail(CODES.EXTERNAL_URL, message, path);
		}
		if (form === 'asset')
			return fail(
				ctx.assetRefusedCode,
				`${shown(entry)} is an asset:// reference: ${ctx.uploadHint}`,
				path,
			);
		const message = `${shown(entry)} is not a valid reference here: send ${oneOf(accepts.map((k) => FORM_NAMES[k]))}`;
		return fail(CODES.INVALID_URL, message, path);
	}
	return undefined;
}
