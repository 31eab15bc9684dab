/** Video options whose validity depends on the mode: duration, aspect, frame timestamps. */
import { GENERATION_MODE_NAMES, optionValues, type VideoModel } from '../catalog';
import { CODES } from './codes';
import { fail, oneOf, shown, type Failure } from './result';
import type { VideoPlan } from './video-plan';

export function checkDuration(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const spec = model.duration;
	// sd2.5 edit: output follows the source video; the service ignores `duration`.
	if (inputs.duration === undefined || spec.ignoredIn.includes(plan.mode)) return undefined;
	const { min, max } = spec.range;
	const choose = `choose a whole number of seconds from ${min} to ${max}`;
	const seconds = plan.seconds;
	const fault = (message: string) => fail(CODES.DURATION_OUT_OF_RANGE, message, 'inputs.duration');
	if (seconds === null)
		return fault(
			`duration ${shown(inputs.duration)} is not a number of seconds: send e.g. '${spec.default}s'`,
		);
	if (seconds === -1) {
		return spec.smart ? undefined : fault(`${model.id} has no automatic duration (-1): ${choose}`);
	}
	if (spec.wholeSeconds && !Number.isInteger(seconds))
		return fault(`duration ${seconds}s is not a whole number: ${choose}`);
	if (seconds < min || seconds > max)
		return fault(`duration ${seconds}s is outside ${min}s-${max}s for ${model.id}: ${choose}`);
	return undefined;
}

export function checkAspect(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const aspect = model.aspect;
	if (aspect.ignoredIn.includes(plan.mode)) return undefined;
	const value = inputs[aspect.input] ?? aspect.default;
	const automatic = aspect.automatic.includes(String(value));
	const name = GENERATION_MODE_NAMES[plan.mode];
	const path = `inputs.${aspect.input}`;
	if (automatic && aspect.fixedRequiredIn.includes(plan.mode)) {
		const fixed = optionValues(aspect).filter((v) => !aspect.automatic.includes(v));
		const message = `${name} on ${model.id} needs a fixed ${aspect.input}, not ${shown(value)}: choose ${oneOf(fixed)}`;
		return fail(CODES.UNSUPPORTED_ASPECT_RATIO, message, path);
	}
	if (!automatic && aspect.automaticOnlyIn.includes(plan.mode)) {
		const message = `${name} keeps the source's aspect ratio: send ${aspect.input} '${aspect.default}' or leave it out`;
		return fail(CODES.UNSUPPORTED_ASPECT_RATIO, message, path);
	}
	return undefined;
}

/** source_frame_timestamps_ms: only in the modes that take it, one per image in urls. */
export function checkTimestamps(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const stamps = inputs.source_frame_timestamps_ms;
	if (!Array.isArray(stamps)) return undefined;
	const path = 'inputs.source_frame_timestamps_ms';
	const modes = model.params.sourceFrameTimestampsIn;
	if (!modes.includes(plan.mode)) {
		const message = `source_frame_timestamps_ms is used only by ${oneOf(modes)} on ${model.id}: remove it`;
		return fail(CODES.INVALID_PARAMETER, message, path);
	}
	if (stamps.length !== plan.urls.length) {
		const message = `source_frame_timestamps_ms has ${stamps.length} entries for ${plan.urls.length} images in urls: send one per image`;
		return fail(CODES.INVALID_PARAMETER, message, path);
	}
	return undefined;
}
