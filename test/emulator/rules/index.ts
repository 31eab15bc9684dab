/**
 * The emulator's validation: the package's rules (nodes/shared/rules), then what only a service
 * can judge: the services' strictness about fields no table lists and compat model ids they do
 * not serve. The facts of the referenced files are judged by the package's own fact rules
 * (validateRequestFacts), with every fact known here (found, owned, readable, kind, format, bytes,
 * pixels, seconds), where the package knows only some before sending.
 * Each step runs only when the ones before it passed, so a request with one fault gets the same
 * answer as from one function; with several faults, the package's come first.
 */
import {
	validateCompatTask,
	validateRequest,
	validateRequestFacts,
	validateUpscaleCreate,
	type ValidationResult,
} from '../../../nodes/shared/rules/index';
import { toResult } from '../../../nodes/shared/rules/result';
import { checkCompatModel, checkCreateTaskFields, checkUpscaleFields } from './known-fields';
import type { MediaFacts } from './types';

export type { MediaFact, MediaFacts, MediaKind } from './types';
export { validateUpscaleSource, type UpscaleSource } from '../../../nodes/shared/rules/index';

type Body = Record<string, unknown>;

const then = (result: ValidationResult, next: () => ValidationResult): ValidationResult =>
	result.ok ? next() : result;

/** POST /jobs/createTask: the request, its fields, then the facts of the media it references. */
export function validateCreateTask(body: Body, media: MediaFacts = {}): ValidationResult {
	return then(
		then(validateRequest(body), () => toResult(checkCreateTaskFields(body))),
		() => validateRequestFacts(body, media),
	);
}

/** POST /upscale/create body (the source itself is judged later, by validateUpscaleSource). */
export function validateUpscaleBody(body: Body): ValidationResult {
	return then(validateUpscaleCreate(body), () => toResult(checkUpscaleFields(body)));
}

/** POST /v1/contents/generations/tasks body. */
export function validateCompatTaskBody(body: Body): ValidationResult {
	return then(validateCompatTask(body), () => toResult(checkCompatModel(body)));
}
