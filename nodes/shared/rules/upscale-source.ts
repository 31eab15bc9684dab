/** Standalone upscaling: the fetched source against its target, as the service judges it while validating. */
import { MB, UPSCALE, optionValues } from '../catalog';
import { normalizeFormat } from './assets';
import { CODES } from './codes';
import { OK, fail, oneOf } from './result';
import type { ValidationResult } from './types';

const TARGETS = optionValues(UPSCALE.targets);

export interface UpscaleSource {
	format?: string;
	bytes?: number;
	seconds?: number;
	width?: number;
	height?: number;
}

/** The source-dependent codes, each judged only when its fact is known. */
export function validateUpscaleSource(
	targetResolution: string,
	source: UpscaleSource,
): ValidationResult {
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
		return fail(
			CODES.FILE_TOO_LARGE,
			`the source is over ${limits.maxBytes / MB} MB: use a smaller file`,
			'source',
		);
	}
	if (seconds !== undefined && seconds > limits.maxSeconds) {
		return fail(
			CODES.DURATION_EXCEEDS_LIMIT,
			`the source is ${seconds} s long: upscale at most ${limits.maxSeconds} s`,
			'source',
		);
	}
	if (width !== undefined && height !== undefined && Math.min(width, height) >= target.height) {
		const higher = UPSCALE.targets
			.filter((t) => t.height > Math.min(width, height))
			.map((t) => t.value);
		const choose = higher.length
			? `choose ${oneOf(higher)}`
			: 'the source is already at the highest target';
		const message = `the source (${width}x${height}) is not below ${target.value}: ${choose}`;
		return fail(CODES.SOURCE_RESOLUTION_TOO_HIGH, message, 'targetResolution');
	}
	return OK;
}
