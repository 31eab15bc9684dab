import { binaryNames } from '../../../shared/assets/binary-placeholders';
import { getVideoModel } from '../../../shared/catalog';
import type { VideoParameterName } from './names';
import { VIDEO_PARAMETER as P } from './names';
import { BINARY_MEDIA, URL_FIELD_LABELS } from './media.fields';
import { MODE_LABELS, nodeModes } from './modes';
import type { VideoNodeMode } from './modes';
import { runTogetherEntry, runTogetherMessage } from '../../../shared/fields/lists';
import { CODES, type Refusal } from '../../../shared/rules';
import { fail, oneOf, shown } from '../../../shared/rules/result';

/**
 * One item's parameters as n8n hands them over, by the names the fields use. Any of them may hold
 * an expression's result or a bad import's value, so each is unknown until the builder reads it;
 * fields the chosen model and mode hide are absent.
 */
export type VideoParameters = { readonly model: string } & {
	readonly [name in Exclude<VideoParameterName, 'model'>]?: unknown;
};

/**
 * What the request cannot say for itself, so the rules could not refuse it with a useful message:
 * a generation mode the model does not offer (no request field holds it), an empty frame (the
 * request would just have one image fewer and mean another mode), a non-boolean toggle that has no
 * request field. Everything else is sent as given for the rules to judge. An unknown model is left
 * to the rules (UNSUPPORTED_MODEL).
 */
export function checkVideoParameters(
	parameters: VideoParameters,
	model = getVideoModel(parameters.model),
): Refusal | undefined {
	if (!model) return undefined;
	const modes = nodeModes(model);
	const mode = parameters.generationMode;
	if (!modes.includes(mode as VideoNodeMode)) {
		const choices = oneOf(modes.map((value) => `${value} (${MODE_LABELS[value].name})`));
		const message = `generation mode ${shown(mode)} is not offered by ${model.id}: choose ${choices}`;
		return fail(CODES.INVALID_PARAMETER, message, P.generationMode);
	}
	return (
		runTogetherUrls(parameters) ??
		emptyFrame(mode as VideoNodeMode, parameters) ??
		automaticDurationType(parameters.automaticDuration)
	);
}

/** URLs pasted on one line would be sent as one reference and the task billed: refused before sending. */
function runTogetherUrls(parameters: VideoParameters): Refusal | undefined {
	for (const [name, label] of Object.entries(URL_FIELD_LABELS) as Array<
		[keyof typeof URL_FIELD_LABELS, string]
	>) {
		const entry = runTogetherEntry(parameters[name]);
		if (entry) return fail(CODES.INVALID_URL, runTogetherMessage(label, entry), name);
	}
	return undefined;
}

const FRAMES: Partial<
	Record<VideoNodeMode, ReadonlyArray<typeof P.firstFrameUrl | typeof P.lastFrameUrl>>
> = {
	firstFrame: [P.firstFrameUrl],
	keyframes: [P.firstFrameUrl, P.lastFrameUrl],
};

/**
 * The keyframe modes of the Unified Generation API, § Modes take exactly their images; one left
 * empty would silently change the mode. A frame comes from its URL or its binary field: both given
 * is refused too (our choice: which one the user meant cannot be told).
 */
function emptyFrame(mode: VideoNodeMode, parameters: VideoParameters): Refusal | undefined {
	for (const name of FRAMES[mode] ?? []) {
		const which = name === P.firstFrameUrl ? 'first' : 'last';
		const binary = BINARY_MEDIA[name].name;
		const fromBinary = binaryNames(parameters[binary]);
		if (fromBinary.length > 1) {
			const message = `the ${which} frame is one image: give one binary field, not ${fromBinary.length}`;
			return fail(CODES.INVALID_MEDIA_COMBINATION, message, binary);
		}
		if (fromBinary.length === 1 && !isBlank(parameters[name])) {
			const message = `the ${which} frame is given twice, as a URL and as binary field "${fromBinary[0]}": keep one of them`;
			return fail(CODES.INVALID_MEDIA_COMBINATION, message, name);
		}
		if (fromBinary.length === 0 && isBlank(parameters[name])) {
			const instead =
				mode === 'keyframes' ? `, or choose ${MODE_LABELS.firstFrame.name} for a single image` : '';
			const message = `${MODE_LABELS[mode].name} needs its frame images, but the ${which} frame is empty: give its image URL or binary field${instead}`;
			return fail(CODES.INVALID_MEDIA_COMBINATION, message, name);
		}
	}
	return undefined;
}

function automaticDurationType(value: unknown): Refusal | undefined {
	if (value === undefined || typeof value === 'boolean') return undefined;
	const message = `${P.automaticDuration} ${shown(value)} is invalid: send true or false`;
	return fail(CODES.INVALID_PARAMETER, message, P.automaticDuration);
}

export function isBlank(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}
