/** Standalone upscaling: the POST /upscale/create body. */
import { z } from 'zod';
import { UPSCALE, optionValues } from '../catalog';
import { CODES } from './codes';
import { checkFields, enumRule, isRecord, typedRule, type FieldRules } from './fields';
import { fail, toResult, type Failure } from './result';
import type { ValidationResult } from './types';
import { checkHttpUrl } from './urls';

const TARGETS = optionValues(UPSCALE.targets);

/**
 * The source's fields of the Unified Generation API, § POST /upscale/create; others pass, like the
 * body's.
 */
const SOURCE = z
	.object({
		type: z.enum(UPSCALE.source.types),
		url: z.string().optional(),
		storageUrl: z.string().optional(),
	})
	.passthrough();

const BODY: FieldRules = {
	source: {
		...typedRule('source', SOURCE, "send {type: 'url', url: 'https://...'}"),
		required: true,
	},
	targetResolution: {
		...enumRule('targetResolution', TARGETS, CODES.UNSUPPORTED_RESOLUTION, 'upscaling', 'a target'),
		required: true,
	},
	callBackUrl: typedRule('callBackUrl', z.string(), 'send the webhook URL as text'),
};

/**
 * Syntax of the body. The source URL must be a well-formed http(s) URL here; the "https and not
 * private" rule of the Unified Generation API, § POST /upscale/create depends on the host (the
 * service's own asset host skips it), so callers that know the host apply isPrivateOrInsecureUrl to
 * the others.
 */
export function validateUpscaleCreate(body: unknown): ValidationResult {
	if (!isRecord(body))
		return fail(CODES.INVALID_PARAMETER, 'the body must be an object {source, targetResolution}');
	const failure =
		checkFields(body, BODY) ??
		checkSourceUrl(body.source as z.infer<typeof SOURCE>) ??
		checkHttpUrl(body.callBackUrl, 'callBackUrl');
	return toResult(failure);
}

function checkSourceUrl(source: z.infer<typeof SOURCE>): Failure | undefined {
	const field = source.type === 'url' ? 'url' : 'storageUrl';
	const path = `source.${field}`;
	if (source[field] === undefined) {
		return fail(
			CODES.INVALID_URL,
			`${path} is required with source.type '${source.type}': send the video's https URL`,
			path,
		);
	}
	return checkHttpUrl(source[field], path);
}
