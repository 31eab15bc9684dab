/** Image requests: the facts the service knows about each reference image. */
import type { ImageModel } from '../../../nodes/shared/catalog/index';
import { CODES } from '../../../nodes/shared/rules/index';
import type { Failure } from '../../../nodes/shared/rules/result';
import { checkListFacts } from './media-fact';
import type { MediaFacts } from './types';

export function checkImageFacts(model: ImageModel, urls: readonly unknown[], media: MediaFacts): Failure | undefined {
	const base = {
		kind: 'image' as const,
		limits: model.inputImages,
		notFoundCode: CODES.REFERENCE_IMAGE_INVALID,
		invalidCode: CODES.REFERENCE_IMAGE_INVALID,
		owner: model.id,
	};
	return checkListFacts(urls.length, media.urls, base, 'inputs.urls');
}
