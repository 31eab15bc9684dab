/**
 * The facts of the media a createTask request references, judged against the model's limits: clip
 * lengths and their totals, formats, sizes, pixels and transparency. Run after validateRequest
 * accepted the request; a fact that is not known is not judged (the service decides). A final's
 * media are its draft's, judged when the draft was made.
 */
import { findModel } from '../catalog';
import { checkImageFacts } from './image-facts';
import { toResult } from './result';
import type { MediaFacts, ValidationResult } from './types';
import { checkVideoFacts } from './video-facts';
import { planVideo } from './video-plan';

export function validateRequestFacts(
	request: { model?: unknown; inputs?: unknown },
	media: MediaFacts,
): ValidationResult {
	const inputs = (request.inputs ?? {}) as Record<string, unknown>;
	const found = findModel(request.model);
	if (found?.kind === 'video') {
		const video = found.model;
		if (video.params.draft && inputs.draftSourceOrderId !== undefined) return toResult(undefined);
		return toResult(checkVideoFacts(video, planVideo(video, inputs), media));
	}
	return toResult(
		found
			? checkImageFacts(found.model, Array.isArray(inputs.urls) ? inputs.urls : [], media)
			: undefined,
	);
}
