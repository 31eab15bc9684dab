/** Image requests: the facts the service knows about each reference image. */
import type { ImageModel } from '../catalog';
import { CODES } from './codes';
import { checkListFacts } from './media-fact';
import type { Failure } from './result';
import type { MediaFacts } from './types';

export function checkImageFacts(
	model: ImageModel,
	urls: readonly unknown[],
	media: MediaFacts,
): Failure | undefined {
	const base = {
		kind: 'image' as const,
		limits: model.inputImages,
		notFoundCode: CODES.REFERENCE_IMAGE_INVALID,
		invalidCode: CODES.REFERENCE_IMAGE_INVALID,
		owner: model.id,
	};
	return checkListFacts(urls.length, media.urls, base, 'inputs.urls');
}
