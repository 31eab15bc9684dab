/** Validation of an image model's `inputs` (one image per task; `urls` switches to editing). */
import { z } from 'zod';
import { optionValues, type ImageModel } from '../catalog';
import { CODES } from './codes';
import { checkFields, enumRule, oncePerModel, refused, typedRule, type FieldRules } from './fields';
import { checkReferenceForms } from './references';
import { fail, type Failure } from './result';
import { hasText } from './video-plan';

function buildRules(m: ImageModel): FieldRules {
	const none = (name: string, code: string) =>
		refused(code, `${m.id} has no ${name} setting: remove ${name}`);
	return {
		prompt: typedRule('prompt', z.string(), 'send the prompt as text'),
		urls: typedRule('urls', z.array(z.string()), 'send a list of https image URLs'),
		quality: m.quality
			? enumRule('quality', optionValues(m.quality), CODES.UNSUPPORTED_QUALITY, m.id, 'a quality')
			: none('quality', CODES.UNSUPPORTED_QUALITY),
		resolution: enumRule(
			'resolution',
			optionValues(m.resolution),
			CODES.UNSUPPORTED_RESOLUTION,
			m.id,
			'a resolution',
		),
		aspectRatio: enumRule(
			'aspectRatio',
			optionValues(m.aspectRatio),
			CODES.UNSUPPORTED_ASPECT_RATIO,
			m.id,
			'an aspect ratio',
		),
		outputFormat: m.outputFormat
			? enumRule(
					'outputFormat',
					optionValues(m.outputFormat),
					CODES.UNSUPPORTED_OUTPUT_FORMAT,
					m.id,
					'an output format',
				)
			: none('outputFormat', CODES.UNSUPPORTED_OUTPUT_FORMAT),
	};
}

const imageFieldRules = oncePerModel(buildRules);

export function validateImageInputs(
	model: ImageModel,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const urls = Array.isArray(inputs.urls) ? inputs.urls : [];
	return (
		checkFields(inputs, imageFieldRules(model), 'inputs.') ??
		checkPrompt(model, inputs) ??
		checkUrls(model, urls)
	);
}

function checkPrompt(model: ImageModel, inputs: Record<string, unknown>): Failure | undefined {
	if (hasText(inputs.prompt)) return undefined;
	const message = `${model.id} needs a prompt: describe the image, or the edit when urls are given`;
	return fail(CODES.PROMPT_REQUIRED, message, 'inputs.prompt');
}

function checkUrls(model: ImageModel, urls: readonly unknown[]): Failure | undefined {
	const max = model.inputImages.max;
	if (urls.length > max) {
		const message = `${urls.length} reference images are more than ${model.id} takes: use at most ${max}`;
		return fail(CODES.TOO_MANY_REFERENCES, message, 'inputs.urls');
	}
	return checkReferenceForms(urls, model.inputImages, {
		path: 'inputs.urls',
		assetRefusedCode: CODES.INVALID_URL,
		uploadHint: 'image models take public https image URLs',
	});
}
