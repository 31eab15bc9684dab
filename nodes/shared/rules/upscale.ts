/** Standalone upscaling: the POST /upscale/create body, and a source against its target. */
import { z } from 'zod';
import { MB, UPSCALE, optionValues } from '../catalog';
import { CODES } from './codes';
import { checkFields, enumRule, isRecord, typedRule, type FieldRules } from './fields';
import { normalizeFormat } from './mediaFacts';
import { OK, fail, oneOf, toResult, type Failure } from './result';
import type { ValidationResult } from './types';
import { checkHttpUrl } from './urls';

const TARGETS = optionValues(UPSCALE.targets);

const SOURCE = z
	.object({ type: z.enum(UPSCALE.source.types), url: z.string().optional(), storageUrl: z.string().optional() })
	.strict();

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
 * Syntax of the body. The source URL must be a well-formed http(s) URL here; the spec's "https and
 * not private" rule depends on the host (the service's own asset host skips it), so callers that
 * know the host apply isPrivateOrInsecureUrl to the others.
 */
export function validateUpscaleCreate(body: unknown): ValidationResult {
	if (!isRecord(body)) return fail(CODES.INVALID_PARAMETER, 'the body must be an object {source, targetResolution}');
	const scope = { at: '', owner: 'an upscale request', strict: true };
	const failure =
		checkFields(body, BODY, scope) ??
		checkSourceUrl(body.source as z.infer<typeof SOURCE>) ??
		checkHttpUrl(body.callBackUrl, 'callBackUrl');
	return toResult(failure);
}

function checkSourceUrl(source: z.infer<typeof SOURCE>): Failure | undefined {
	const field = source.type === 'url' ? 'url' : 'storageUrl';
	const path = `source.${field}`;
	if (source[field] === undefined) {
		return fail(CODES.INVALID_URL, `${path} is required with source.type '${source.type}': send the video's https URL`, path);
	}
	return checkHttpUrl(source[field], path);
}

export interface UpscaleSource {
	format?: string;
	bytes?: number;
	seconds?: number;
	width?: number;
	height?: number;
}

/** The source-dependent codes, each judged only when its fact is known. */
export function validateUpscaleSource(targetResolution: string, source: UpscaleSource): ValidationResult {
	const target = UPSCALE.targets.find((t) => t.value === targetResolution);
	if (!target) {
		const message = `targetResolution '${targetResolution}' is not a target: choose ${oneOf(TARGETS)}`;
		return fail(CODES.UNSUPPORTED_RESOLUTION, message, 'targetResolution');
	}
	const limits = UPSCALE.source;
	const { format, bytes, seconds, width, height } = source;
	if (format !== undefined && !limits.formats.includes(normalizeFormat(format))) {
		const message = `the source is ${format.toUpperCase()}: upscaling takes ${oneOf(limits.formats.map((f) => f.toUpperCase()))} video`;
		return fail(CODES.UNSUPPORTED_MEDIA_TYPE, message, 'source');
	}
	if (bytes !== undefined && bytes > limits.maxBytes) {
		return fail(CODES.FILE_TOO_LARGE, `the source is over ${limits.maxBytes / MB} MB: use a smaller file`, 'source');
	}
	if (seconds !== undefined && seconds > limits.maxSeconds) {
		return fail(CODES.DURATION_EXCEEDS_LIMIT, `the source is ${seconds} s long: upscale at most ${limits.maxSeconds} s`, 'source');
	}
	if (width !== undefined && height !== undefined && Math.min(width, height) >= target.height) {
		const higher = UPSCALE.targets.filter((t) => t.height > Math.min(width, height)).map((t) => t.value);
		const choose = higher.length ? `choose ${oneOf(higher)}` : 'the source is already at the highest target';
		const message = `the source (${width}x${height}) is not below ${target.value}: ${choose}`;
		return fail(CODES.SOURCE_RESOLUTION_TOO_HIGH, message, 'targetResolution');
	}
	return OK;
}
