import type { INodeProperties } from 'n8n-workflow';

import { VIDEO_MODELS } from '../catalog';
import { additionalOptions, callBackUrlOption } from './generation-options';
import { VIDEO_PARAMETER as P } from './video';

const modelsWith = (test: (model: (typeof VIDEO_MODELS)[number]) => boolean) =>
	VIDEO_MODELS.filter(test).map((model) => model.id);

/** Create Video's "Additional Options": each shown only for the models that accept it (`/model`). */
export function videoOptions(): INodeProperties {
	const [first] = VIDEO_MODELS;
	const bitrate = VIDEO_MODELS.find((model) => model.params.bitrateMode)?.params.bitrateMode;
	const legacy = VIDEO_MODELS.find((model) => model.params.upscaleResolution === 'deprecated');
	const bitrateDefault = bitrate?.default ?? 'standard';
	return additionalOptions(P.additionalOptions, [
		{
			displayName: 'Bitrate Mode',
			name: 'bitrateMode',
			type: 'options',
			options: (bitrate?.options ?? []).map(({ name, value, description }) => ({ name, value, description })),
			default: bitrateDefault,
			displayOptions: { show: { '/model': modelsWith((model) => Boolean(model.params.bitrateMode)) } },
		},
		callBackUrlOption,
		{
			displayName: 'Generate Audio',
			name: 'generateAudio',
			type: 'boolean',
			default: true,
			description: 'Whether the video has sound (the spec\'s default: on); off gives silent output at the same price',
		},
		{
			displayName: 'Legacy Upscale Resolution (Deprecated)',
			name: 'upscaleResolution',
			type: 'options',
			options: (legacy?.outputResolutions ?? []).map(({ name, value }) => ({ name, value })),
			default: '1080p',
			description: 'Deprecated: use Output Resolution. If set, it wins over Output Resolution. Not used with Draft (fixed at 480P).',
			displayOptions: {
				show: { '/model': modelsWith((model) => model.params.upscaleResolution === 'deprecated') },
				// Like Output Resolution: the spec refuses either tier field with a draft.
				hide: { [`/${P.draft}`]: [true] },
			},
		},
		{
			displayName: 'Prompt Extend',
			name: 'promptExtend',
			type: 'boolean',
			default: true,
			description: 'Whether the model may expand the prompt',
			displayOptions: { show: { '/model': modelsWith((model) => Boolean(model.params.promptExtend)) } },
		},
		{
			displayName: 'Seed',
			name: 'seed',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: first.params.seed.max },
			default: 0,
			description: 'Fixes the randomness: the same seed and inputs give highly similar results. Leave out for a random seed.',
		},
	]);
}
