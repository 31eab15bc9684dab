/**
 * The emulator's validation: the package's rules (nodes/shared/rules, request-only), then what
 * only a service can judge. Rules that only the emulator uses live here, not in the shipped package:
 * - the facts of the referenced files (found, owned, readable, kind, format, bytes, pixels,
 *   seconds and their totals) and of a fetched upscale source;
 * - the services' strictness about fields no table lists and compat model ids they do not serve.
 * Each step runs only when the ones before it passed, so a request with one fault gets the same
 * answer as from one function; with several faults, the package's come first.
 */
import { getImageModel, getVideoModel } from '../../../nodes/shared/catalog/index';
import {
	validateCompatTask,
	validateRequest,
	validateUpscaleCreate,
	type ValidationResult,
} from '../../../nodes/shared/rules/index';
import { toResult, type Failure } from '../../../nodes/shared/rules/result';
import { planVideo } from '../../../nodes/shared/rules/videoPlan';
import { checkImageFacts } from './image-facts';
import { checkCompatModel, checkCreateTaskFields, checkUpscaleFields } from './known-fields';
import type { MediaFacts } from './types';
import { checkVideoFacts } from './video-facts';

export type { MediaFact, MediaFacts, MediaKind } from './types';
export { validateUpscaleSource, type UpscaleSource } from './upscale-source';

type Body = Record<string, unknown>;

const then = (result: ValidationResult, next: () => Failure | undefined): ValidationResult =>
	result.ok ? toResult(next()) : result;

/** POST /jobs/createTask: the request, its fields, then the facts of the media it references. */
export function validateCreateTask(body: Body, media: MediaFacts = {}): ValidationResult {
	return then(validateRequest(body), () => checkCreateTaskFields(body) ?? checkRequestFacts(body, media));
}

/** The facts of a request the rules accepted. A final's media are its draft's, checked back then. */
export function checkRequestFacts(body: Body, media: MediaFacts): Failure | undefined {
	const inputs = body.inputs as Body;
	const video = getVideoModel(body.model);
	if (video) {
		if (video.params.draft && inputs.draftSourceOrderId !== undefined) return undefined;
		return checkVideoFacts(video, planVideo(video, inputs), media);
	}
	const image = getImageModel(body.model);
	return image ? checkImageFacts(image, Array.isArray(inputs.urls) ? inputs.urls : [], media) : undefined;
}

/** POST /upscale/create body (the source itself is judged later, by validateUpscaleSource). */
export function validateUpscaleBody(body: Body): ValidationResult {
	return then(validateUpscaleCreate(body), () => checkUpscaleFields(body));
}

/** POST /v1/contents/generations/tasks body. */
export function validateCompatTaskBody(body: Body): ValidationResult {
	return then(validateCompatTask(body), () => checkCompatModel(body));
}
