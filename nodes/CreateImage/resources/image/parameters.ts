import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryNames } from '../../../shared/assets/binary-placeholders';
import { checkedParameters } from '../../../shared/create/checked';
import type { Checked } from '../../../shared/create/checked';
import {
	IMAGE_MODES,
	IMAGE_MODE_LABELS,
	IMAGE_PARAMETER as P,
	IMAGE_PARAMETER_NAMES,
} from './names';
import type { ImageNodeMode, ImageParameterName } from './names';
import { runTogetherEntry, runTogetherMessage, toList } from '../../../shared/fields/lists';
import { CODES, type Refusal } from '../../../shared/rules';
import { fail, oneOf, shown } from '../../../shared/rules/result';

/**
 * One item's parameters as n8n hands them over, by the names the fields use. Any of them may hold
 * an expression's result, so each is unknown until the builder reads it; fields the chosen model
 * does not have are absent (n8n drops hidden fields).
 */
export type ImageParameters = { readonly [name in ImageParameterName]?: unknown };

/** Reads one item's fields; what the request could not express is refused here, before anything is sent. */
export function readImageParameters(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Checked<ImageParameters> {
	const parameters: Record<string, unknown> = {};
	// A fallback of undefined makes n8n throw for an absent parameter, hence null.
	for (const name of IMAGE_PARAMETER_NAMES)
		parameters[name] = ctx.getNodeParameter(name, itemIndex, null) ?? undefined;
	return checkedParameters(ctx, itemIndex, parameters, checkImageParameters);
}

/**
 * What the request cannot say for itself: the mode (no request field holds it), an Image to Image
 * item without reference images (the request would silently become text to image), and the count
 * of variants (the node's own field). Everything else is sent as given for the rules to judge.
 */
export function checkImageParameters(parameters: ImageParameters): Refusal | undefined {
	const mode = parameters.generationMode;
	if (!IMAGE_MODES.includes(mode as ImageNodeMode)) {
		const choices = oneOf(
			IMAGE_MODES.map((value) => `${value} (${IMAGE_MODE_LABELS[value].name})`),
		);
		const message = `generation mode ${shown(mode)} is invalid: choose ${choices}`;
		return fail(CODES.INVALID_PARAMETER, message, P.generationMode);
	}
	const runTogether = mode === 'imageToImage' ? runTogetherEntry(parameters.urls) : undefined;
	if (runTogether)
		return fail(CODES.INVALID_URL, runTogetherMessage('Reference Image URLs', runTogether), P.urls);
	if (
		mode === 'imageToImage' &&
		toList(parameters.urls).length === 0 &&
		binaryNames(parameters.imageBinaries).length === 0
	) {
		const message =
			'Image to Image needs 1-10 reference images, but none was given: add their URLs or binary fields, or choose Text to Image';
		return fail(CODES.INVALID_MEDIA_COMBINATION, message, P.urls);
	}
	return variantsFault(parameters.imagesPerItem);
}

/** Images per Item: a whole number from 1 (absent means 1). */
export function variantCount(value: unknown): number {
	return value === undefined ? 1 : Number(value);
}

function variantsFault(value: unknown): Refusal | undefined {
	const count = variantCount(value);
	if (Number.isInteger(count) && count >= 1) return undefined;
	const message = `images per item ${shown(value)} is invalid: give a whole number of at least 1`;
	return fail(CODES.INVALID_PARAMETER, message, P.imagesPerItem);
}
