/** POST /v1/contents/generations/tasks body of the task-compatible API. */
import { z } from 'zod';
import { COMPAT, optionValues } from '../catalog';
import { CODES } from './codes';
import { checkFields, enumRule, isRecord, typedRule, type FieldRules } from './fields';
import { parseContent, type ContentItem } from './compat-content';
import { fail, oneOf, shown, toResult, type Failure } from './result';
import type { ValidationResult } from './types';
import { hasText } from './video-plan';

const RATIOS = optionValues(COMPAT.ratio);
const RESOLUTIONS = optionValues(COMPAT.resolution);
const TOOLS = optionValues(COMPAT.tools) as [string, ...string[]];
const OWNER = 'the compatible API';
const { min, max, smart } = COMPAT.duration;

const RECOMMENDED = oneOf(optionValues(COMPAT.models));

/**
 * Other fields pass: the format is the upstream provider's, whose other fields pass through
 * untouched. `model` is any non-empty id: the ids of the Task-Compatible Video Generation API,
 * § POST /v1/contents/generations/tasks are only "recommended" (and dated), so a
 * newer id goes to the service, which decides.
 */
const BODY: FieldRules = {
	model: {
		schema: z.string().trim().min(1),
		code: CODES.UNSUPPORTED_MODEL,
		explain: (v) =>
			`${v === undefined ? 'model is missing' : `model ${shown(v)} is not a model id`}: send a model id such as ${RECOMMENDED}`,
		required: true,
	},
	content: typedRule('content', z.array(z.unknown()), 'send a list of content items'),
	generate_audio: typedRule('generate_audio', z.boolean(), 'send true or false'),
	ratio: enumRule('ratio', RATIOS, CODES.UNSUPPORTED_ASPECT_RATIO, OWNER, 'a ratio'),
	duration: {
		schema: z
			.number()
			.int()
			.refine((v) => v === smart || (v >= min && v <= max)),
		code: CODES.DURATION_OUT_OF_RANGE,
		explain: (v) =>
			`duration ${shown(v)} is not valid: choose a whole number of seconds from ${min} to ${max}, or ${smart} to let the model choose`,
	},
	resolution: enumRule(
		'resolution',
		RESOLUTIONS,
		CODES.UNSUPPORTED_RESOLUTION,
		OWNER,
		'a resolution',
	),
	tools: typedRule(
		'tools',
		z.array(z.object({ type: z.enum(TOOLS) }).passthrough()),
		`send a list like [{type: 'web_search'}]`,
	),
	watermark: typedRule('watermark', z.boolean(), 'send true or false'),
};

/**
 * The body without its top-level nulls: a null option means "not given". The provider's official
 * SDK sends every option its caller did not set as null, and the opening of the Task-Compatible
 * Video Generation API says that SDK works with the service.
 */
export function withoutNullOptions(body: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

export function validateCompatTask(input: unknown): ValidationResult {
	if (!isRecord(input))
		return fail(CODES.INVALID_PARAMETER, 'the body must be an object {model, content}');
	const body = withoutNullOptions(input);
	const fieldFailure = checkFields(body, BODY);
	if (fieldFailure) return fieldFailure;
	const content = (body.content as unknown[] | undefined) ?? [];
	const items = parseContent(content);
	if (!Array.isArray(items)) return items;
	return toResult(checkCombination(body, items));
}

function checkCombination(
	body: Record<string, unknown>,
	items: readonly ContentItem[],
): Failure | undefined {
	const media = items.filter((i) => i.type !== 'text');
	if (media.length === 0 && !items.some((i) => hasText(i.text))) {
		return fail(
			CODES.EMPTY_CONTENT,
			'content has neither prompt text nor media: give a Prompt, or Media (an image, a video or an audio)',
			'content',
		);
	}
	// The catalog's facts apply to the ids it knows; an id it does not know is the service's to judge.
	const model = COMPAT.models.find((m) => m.value === body.model);
	if (model && !model.videoInput && media.some((i) => i.type === 'video_url')) {
		const withVideo = oneOf(COMPAT.models.filter((m) => m.videoInput).map((m) => m.value));
		return fail(
			CODES.INVALID_MEDIA_COMBINATION,
			`${String(body.model)} takes no video_url items: use ${withVideo}`,
			'model',
		);
	}
	if (
		media.some((i) => i.type === 'audio_url') &&
		!media.some((i) => i.type === 'image_url' || i.type === 'video_url')
	) {
		return fail(
			CODES.AUDIO_ONLY_NOT_SUPPORTED,
			'audio_url items must be sent together with an image or a video',
			'content',
		);
	}
	const tools = (body.tools as { type: string }[] | undefined) ?? [];
	if (tools.some((t) => t.type === 'web_search') && media.length > 0) {
		return fail(
			CODES.INVALID_MEDIA_COMBINATION,
			'web_search works for text-to-video only: remove the tool or the media items',
			'tools',
		);
	}
	return undefined;
}
