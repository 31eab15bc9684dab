import type { INodeProperties } from 'n8n-workflow';

import { VIDEO_MODELS } from '../../../shared/catalog';
import { additionalOptions, callBackUrlOption } from '../../../settings/generation';
import { onVersions } from '../../../shared/fields/versions';
import { VIDEO_PARAMETER as P } from './names';

/**
 * What a final render ignores (Unified Generation API, Draft to final: it reuses the draft's seed,
 * audio setting and the rest, at native 1080P): hidden in that mode, not dropped silently.
 */
const NOT_IN_FINAL = { [`/${P.generationMode}`]: ['final'] };

/**
 * Additional Options by version: a new node (version 2) no longer offers the deprecated Legacy
 * Upscale Resolution; a saved version-1 node still shows and sends it.
 */
export function videoOptionsByVersion(): INodeProperties[] {
	return [
		onVersions(videoOptions(), { before: 2 }),
		onVersions(videoOptions({ legacyUpscale: false }), { since: 2 }),
	];
}

const modelsWith = (test: (model: (typeof VIDEO_MODELS)[number]) => boolean) =>
	VIDEO_MODELS.filter(test).map((model) => model.id);

/** Create Video's "Additional Options": each shown only for the models that accept it (`/model`). */
export function videoOptions({ legacyUpscale = true } = {}): INodeProperties {
	const [first] = VIDEO_MODELS;
	const bitrate = VIDEO_MODELS.find((model) => model.params.bitrateMode)?.params.bitrateMode;
	const legacy = VIDEO_MODELS.find((model) => model.params.upscaleResolution === 'deprecated');
	const bitrateDefault = bitrate?.default ?? 'standard';
	return additionalOptions(P.additionalOptions, [
		{
			displayName: 'Bitrate Mode',
			name: 'bitrateMode',
			description:
				"The video bitrate the sd family renders with; leave unset for the service's default",
			type: 'options',
			options: (bitrate?.options ?? []).map(({ name, value, description }) => ({
				name,
				value,
				description,
			})),
			default: bitrateDefault,
			displayOptions: {
				show: { '/model': modelsWith((model) => Boolean(model.params.bitrateMode)) },
				hide: NOT_IN_FINAL,
			},
		},
		callBackUrlOption,
		{
			displayName: 'Generate Audio',
			name: 'generateAudio',
			type: 'boolean',
			default: true,
			description:
				"Whether the video has sound (the service's default: on); off gives silent output at the same price",
			displayOptions: { hide: NOT_IN_FINAL },
		},
		...(legacyUpscale ? [legacyUpscaleOption(legacy)] : []),
		{
			displayName: 'Prompt Extend',
			name: 'promptExtend',
			type: 'boolean',
			default: true,
			description: 'Whether the model may expand the prompt',
			displayOptions: {
				show: { '/model': modelsWith((model) => Boolean(model.params.promptExtend)) },
			},
		},
		{
			displayName: 'Seed',
			name: 'seed',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: first.params.seed.max },
			default: 0,
			description:
				'Fixes the randomness: the same seed and inputs give highly similar results. Leave out for a random seed.',
			displayOptions: { hide: NOT_IN_FINAL },
		},
	]);
}

function legacyUpscaleOption(legacy: (typeof VIDEO_MODELS)[number] | undefined): INodeProperties {
	return {
		displayName: 'Legacy Upscale Resolution (Deprecated)',
		name: 'upscaleResolution',
		type: 'options',
		options: (legacy?.outputResolutions ?? []).map(({ name, value }) => ({ name, value })),
		default: '1080p',
		description:
			'Deprecated: use Output Resolution. If set, it wins over Output Resolution. Not used with Draft (fixed at 480P).',
		displayOptions: {
			show: { '/model': modelsWith((model) => model.params.upscaleResolution === 'deprecated') },
			// Like Output Resolution: Unified Generation API, § Draft to final refuses either tier
			// field with a draft, and a final ignores it.
			hide: { [`/${P.draft}`]: [true], ...NOT_IN_FINAL },
		},
	};
}
