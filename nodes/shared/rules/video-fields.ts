/** The zod field table of a video model's `inputs`, derived from its catalog entry. */
import { z } from 'zod';
import { VIDEO_MODELS, optionValues, type VideoInputName, type VideoModel } from '../catalog';
import { CODES } from './codes';
import { enumRule, oncePerModel, refused, typedRule, type FieldRule } from './fields';
import { oneOf, shown } from './result';

type RuleFactory = (model: VideoModel) => FieldRule;

function choice(
	name: string,
	code: string,
	values: (m: VideoModel) => readonly string[],
	what: string,
): RuleFactory {
	return (m) => enumRule(name, values(m), code, m.id, what);
}

function typed(name: string, schema: z.ZodTypeAny, expected: string): RuleFactory {
	return () => typedRule(name, schema, expected);
}

const tiers = (m: VideoModel) => optionValues(m.outputResolutions);
const urlList = (name: string) => typed(name, z.array(z.string()), 'send a list of URL strings');
const flag = (name: string) => typed(name, z.boolean(), 'send true or false');

const FACTORIES: Record<VideoInputName, RuleFactory> = {
	prompt: typed('prompt', z.string(), 'send the prompt as text'),
	mode: choice('mode', CODES.INVALID_PARAMETER, (m) => optionValues(m.modeOptions), 'a mode'),
	videoInputMode: choice(
		'videoInputMode',
		CODES.INVALID_PARAMETER,
		(m) => optionValues(m.videoInputModes),
		'a video input mode',
	),
	urls: urlList('urls'),
	videoUrls: urlList('videoUrls'),
	audioUrls: urlList('audioUrls'),
	// Only the type here; the range depends on the mode (checkDuration).
	duration: (m) => ({
		schema: z.union([z.string(), z.number()]),
		code: CODES.DURATION_OUT_OF_RANGE,
		explain: (v) =>
			`duration ${shown(v)} is not a number of seconds: send e.g. '${m.duration.default}s'`,
	}),
	resolution: choice(
		'resolution',
		CODES.UNSUPPORTED_ASPECT_RATIO,
		(m) => optionValues(m.aspect),
		'an aspect preset',
	),
	ratio: choice('ratio', CODES.UNSUPPORTED_ASPECT_RATIO, (m) => optionValues(m.aspect), 'a ratio'),
	outputResolution: choice(
		'outputResolution',
		CODES.UNSUPPORTED_RESOLUTION,
		tiers,
		'an output resolution',
	),
	upscaleResolution: choice(
		'upscaleResolution',
		CODES.UNSUPPORTED_RESOLUTION,
		tiers,
		'a resolution',
	),
	seed: (m) => {
		const { min, max, random } = m.params.seed;
		const ok = (v: number) => v === random || (v >= min && v <= max);
		const randomNote = random === undefined ? '' : ` (or ${random} for a random seed)`;
		return {
			schema: z.number().int().refine(ok),
			code: CODES.INVALID_PARAMETER,
			explain: (v) =>
				`seed ${shown(v)} is invalid on ${m.id}: use a whole number from ${min} to ${max}${randomNote}`,
		};
	},
	generateAudio: flag('generateAudio'),
	bitrateMode: choice(
		'bitrateMode',
		CODES.INVALID_PARAMETER,
		(m) => (m.params.bitrateMode ? optionValues(m.params.bitrateMode) : []),
		'a bitrate mode',
	),
	promptExtend: flag('promptExtend'),
	source_frame_timestamps_ms: typed(
		'source_frame_timestamps_ms',
		z.array(z.number().nonnegative()),
		'send a list of non-negative millisecond numbers, one per image in urls',
	),
	draft: flag('draft'),
	draftSourceOrderId: typed(
		'draftSourceOrderId',
		z.string().min(1),
		'send the orderId (not the taskId) of a completed draft',
	),
};

/** Read when a model's rules are built, so they name every model the catalog holds by then. */
const modelsWhere = (test: (m: VideoModel) => boolean) =>
	VIDEO_MODELS.filter(test).map((m) => m.id);

/**
 * Fields of other models that the Unified Generation API refuses on this one: alt rejects
 * upscaleResolution, drafts are "sd2.5 only", source_frame_timestamps_ms is "sd2.5 edit only". Any
 * other field the model does not list passes (the documentation does not forbid it; the service
 * decides).
 */
function refusedFields(m: VideoModel): Record<string, FieldRule> {
	const out: Record<string, FieldRule> = {};
	if (m.params.upscaleResolution === 'unsupported') {
		out.upscaleResolution = refused(
			CODES.UNSUPPORTED_RESOLUTION,
			`${m.id} has no upscaling: remove upscaleResolution and choose outputResolution ${oneOf(tiers(m))}`,
		);
	}
	if (!m.params.draft) {
		const draftModels = modelsWhere((model) => Boolean(model.params.draft));
		const only = `drafts are available on ${oneOf(draftModels)} only: remove it or choose model ${oneOf(draftModels)}`;
		out.draft = refused(CODES.DRAFT_OPTION_NOT_ALLOWED, `draft: ${only}`);
		out.draftSourceOrderId = refused(CODES.DRAFT_OPTION_NOT_ALLOWED, `draftSourceOrderId: ${only}`);
	}
	if (m.params.sourceFrameTimestampsIn.length === 0) {
		const timestampModels = modelsWhere((model) => model.params.sourceFrameTimestampsIn.length > 0);
		const explain = `source_frame_timestamps_ms is taken only by ${oneOf(timestampModels)} (edit mode): remove it`;
		out.source_frame_timestamps_ms = refused(CODES.INVALID_PARAMETER, explain);
	}
	return out;
}

/**
 * The model's own fields, plus the other models' fields the Unified Generation API refuses on it.
 */
export const videoFieldRules = oncePerModel<VideoModel>((model) => {
	const own = Object.fromEntries(model.inputs.map((name) => [name, FACTORIES[name](model)]));
	return { ...own, ...refusedFields(model) };
});
