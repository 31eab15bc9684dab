/** POST /jobs/createTask: the request envelope, then the chosen model's inputs. */
import { z } from 'zod';
import {
	IMAGE_MODEL_IDS,
	VIDEO_FAMILIES,
	VIDEO_MODEL_IDS,
	findModel,
	videoModelsOf,
	type FoundModel,
} from '../catalog';
import { CODES } from './codes';
import { checkFields, isRecord, typedRule, type FieldRules } from './fields';
import { validateImageInputs } from './image';
import { fail, oneOf, shown, toResult, type Failure } from './result';
import type { ValidationResult } from './types';
import { checkHttpUrl } from './urls';
import { validateVideoInputs } from './video';

/**
 * The body fields of the Unified Generation API, § POST /jobs/createTask; other fields pass (it
 * does not forbid them).
 */
const ENVELOPE: FieldRules = {
	model: typedRule('model', z.string(), 'send a model alias'),
	inputs: {
		...typedRule('inputs', z.record(z.unknown()), 'send an object of model inputs'),
		required: true,
	},
	callBackUrl: typedRule('callBackUrl', z.string(), 'send the webhook URL as text'),
};

/**
 * Validates the body of POST /jobs/createTask for video and image models, from the request alone:
 * what the referenced files are (found, owned, seconds, sizes) is the service's to judge.
 */
export function validateRequest(request: unknown): ValidationResult {
	if (!isRecord(request))
		return fail(CODES.INVALID_PARAMETER, 'the request must be an object {model, inputs}');
	const found = findModel(request.model);
	if (!found) return unsupportedModel(request.model);
	return toResult(checkEnvelope(request) ?? checkInputs(found, request.inputs));
}

function unsupportedModel(model: unknown): Failure {
	const family = Object.values(VIDEO_FAMILIES).find(
		(f) => f.idPrefix && typeof model === 'string' && model.startsWith(f.idPrefix),
	);
	const ids = family ? videoModelsOf(family).map((m) => m.id) : [];
	const choices = family
		? `the ${family.id} family requires ${oneOf(ids)}`
		: `choose ${oneOf([...VIDEO_MODEL_IDS, ...IMAGE_MODEL_IDS])}`;
	const what = model === undefined ? 'model is missing' : `model ${shown(model)} is not supported`;
	return fail(CODES.UNSUPPORTED_MODEL, `${what}: ${choices}`, 'model');
}

function checkEnvelope(request: Record<string, unknown>): Failure | undefined {
	return checkFields(request, ENVELOPE) ?? checkHttpUrl(request.callBackUrl, 'callBackUrl');
}

/** The inputs against the model's own table (checkEnvelope made sure they are an object). */
function checkInputs(found: FoundModel, inputs: unknown): Failure | undefined {
	const object = inputs as Record<string, unknown>;
	return found.kind === 'video'
		? validateVideoInputs(found.model, object)
		: validateImageInputs(found.model, object);
}
