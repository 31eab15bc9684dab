/** alt family rules (alt3.0-video-prime and alt3.0-video accept the same inputs; facts: test/emulator/rules). */
import { PROMPT, check, expectOutcome, links, row } from './helpers';

const ALT = 'alt3.0-video';
const PRIME = 'alt3.0-video-prime';
const ref = (extra: Record<string, unknown>) => ({
	prompt: PROMPT,
	videoInputMode: 'reference',
	...extra,
});
const edit = (mode: string, extra: Record<string, unknown>) => ({
	prompt: 'make Video1 snowy',
	mode,
	videoInputMode: 'reference',
	...extra,
});

type Row = [string, string, Record<string, unknown>, string | null, string?];

describe('syntax rules', () => {
	test.each<Row>([
		['text-to-video', ALT, { prompt: PROMPT }, null],
		['mode normal', PRIME, { prompt: PROMPT, mode: 'normal' }, null],
		['EMPTY_CONTENT', ALT, {}, 'EMPTY_CONTENT'],
		[
			'UNSUPPORTED_RESOLUTION: 2k',
			ALT,
			{ prompt: PROMPT, outputResolution: '2k' },
			'UNSUPPORTED_RESOLUTION',
			'inputs.outputResolution',
		],
		[
			'UNSUPPORTED_RESOLUTION: 4k',
			PRIME,
			{ prompt: PROMPT, outputResolution: '4k' },
			'UNSUPPORTED_RESOLUTION',
		],
		['1080p native', PRIME, { prompt: PROMPT, outputResolution: '1080p' }, null],
		[
			'UNSUPPORTED_RESOLUTION: upscaleResolution',
			ALT,
			{ prompt: PROMPT, upscaleResolution: '1080p' },
			'UNSUPPORTED_RESOLUTION',
			'inputs.upscaleResolution',
		],
		[
			'DURATION_OUT_OF_RANGE: 1s',
			ALT,
			{ prompt: PROMPT, duration: '1s' },
			'DURATION_OUT_OF_RANGE',
			'inputs.duration',
		],
		['2s', ALT, { prompt: PROMPT, duration: '2s' }, null],
		['30s', PRIME, { prompt: PROMPT, duration: '30s' }, null],
		[
			'DURATION_OUT_OF_RANGE: 31s',
			PRIME,
			{ prompt: PROMPT, duration: '31s' },
			'DURATION_OUT_OF_RANGE',
		],
		[
			'DURATION_OUT_OF_RANGE: no smart duration (-1)',
			ALT,
			{ prompt: PROMPT, duration: '-1' },
			'DURATION_OUT_OF_RANGE',
		],
		[
			'DURATION_OUT_OF_RANGE: 2.5s',
			ALT,
			{ prompt: PROMPT, duration: '2.5s' },
			'DURATION_OUT_OF_RANGE',
		],
		['seed 0', ALT, { prompt: PROMPT, seed: 0 }, null],
		[
			'seed -1 has no meaning on alt',
			ALT,
			{ prompt: PROMPT, seed: -1 },
			'INVALID_PARAMETER',
			'inputs.seed',
		],
		['promptExtend false', ALT, { prompt: PROMPT, promptExtend: false }, null],
		['ratio 16:9', ALT, { prompt: PROMPT, ratio: '16:9' }, null],
		[
			'UNSUPPORTED_ASPECT_RATIO: 21:9',
			ALT,
			{ prompt: PROMPT, ratio: '21:9' },
			'UNSUPPORTED_ASPECT_RATIO',
			'inputs.ratio',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('modes and media', () => {
	test.each<Row>([
		[
			'urls without videoInputMode are media in text-to-video',
			ALT,
			{ prompt: PROMPT, urls: links(1) },
			'INVALID_MEDIA_COMBINATION',
			'inputs.urls',
		],
		['keyframe: first frame', ALT, { videoInputMode: 'keyframe', urls: links(1) }, null],
		['keyframe: first and last', ALT, { videoInputMode: 'keyframe', urls: links(2) }, null],
		[
			'keyframe: three images',
			ALT,
			{ videoInputMode: 'keyframe', urls: links(3) },
			'INVALID_MEDIA_COMBINATION',
			'inputs.urls',
		],
		[
			'keyframe mixed with reference videos',
			ALT,
			{ videoInputMode: 'keyframe', urls: links(1), videoUrls: links(1, 'mp4') },
			'INVALID_MEDIA_COMBINATION',
			'inputs.videoUrls',
		],
		[
			'keyframe takes the ratio from the images',
			ALT,
			{ videoInputMode: 'keyframe', urls: links(1), ratio: '9:16' },
			null,
		],
		['reference without media', ALT, ref({}), 'INVALID_MEDIA_COMBINATION'],
		['reference with audio only (allowed)', ALT, ref({ audioUrls: links(1, 'mp3') }), null],
		['reference ratio 1:1', ALT, ref({ urls: links(1), ratio: '1:1' }), null],
		[
			'TOO_MANY_REFERENCES: 11 images',
			ALT,
			ref({ urls: links(11) }),
			'TOO_MANY_REFERENCES',
			'inputs.urls',
		],
		[
			'10 images, 5 videos, 5 audio',
			ALT,
			ref({ urls: links(10), videoUrls: links(5, 'mp4'), audioUrls: links(5, 'mp3') }),
			null,
		],
		[
			'TOO_MANY_REFERENCES: 6 videos',
			PRIME,
			ref({ videoUrls: links(6, 'mp4') }),
			'TOO_MANY_REFERENCES',
			'inputs.videoUrls',
		],
		[
			'TOO_MANY_REFERENCES: 6 audio',
			PRIME,
			ref({ audioUrls: links(6, 'mp3') }),
			'TOO_MANY_REFERENCES',
			'inputs.audioUrls',
		],
		[
			'EDIT_SOURCE_VIDEO_REQUIRED',
			ALT,
			edit('edit', {}),
			'EDIT_SOURCE_VIDEO_REQUIRED',
			'inputs.videoUrls',
		],
		[
			'EXTEND_SOURCE_VIDEO_REQUIRED',
			ALT,
			edit('extend', { urls: links(1) }),
			'EXTEND_SOURCE_VIDEO_REQUIRED',
			'inputs.videoUrls',
		],
		[
			'edit with a video',
			ALT,
			edit('edit', { videoUrls: links(1, 'mp4'), ratio: 'adaptive' }),
			null,
		],
		['extend with a video', PRIME, edit('extend', { videoUrls: links(1, 'mp4') }), null],
		[
			'PROMPT_REQUIRED: edit without prompt',
			ALT,
			{ mode: 'edit', videoInputMode: 'reference', videoUrls: links(1, 'mp4') },
			'PROMPT_REQUIRED',
			'inputs.prompt',
		],
		[
			'edit needs reference mode',
			ALT,
			{ prompt: 'p', mode: 'edit', videoUrls: links(1, 'mp4') },
			'INVALID_MEDIA_COMBINATION',
			'inputs.videoInputMode',
		],
		[
			'UNSUPPORTED_ASPECT_RATIO: edit with a fixed ratio',
			ALT,
			edit('edit', { videoUrls: links(1, 'mp4'), ratio: '16:9' }),
			'UNSUPPORTED_ASPECT_RATIO',
			'inputs.ratio',
		],
		[
			'extend with ratio auto',
			ALT,
			edit('extend', { videoUrls: links(1, 'mp4'), ratio: 'auto' }),
			null,
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('reference forms: only https urls of alt uploads', () => {
	test.each<Row>([
		[
			'asset:// image',
			ALT,
			ref({ urls: ['asset://img'] }),
			'REFERENCE_IMAGE_INVALID',
			'inputs.urls[0]',
		],
		[
			'asset:// video',
			ALT,
			ref({ videoUrls: ['asset://vid'] }),
			'REFERENCE_VIDEO_INVALID',
			'inputs.videoUrls[0]',
		],
		[
			'asset:// audio',
			PRIME,
			ref({ audioUrls: ['asset://aud'] }),
			'REFERENCE_AUDIO_INVALID',
			'inputs.audioUrls[0]',
		],
		['http image', ALT, ref({ urls: ['http://alt.test/i.png'] }), 'INVALID_URL', 'inputs.urls[0]'],
		[
			'http video',
			ALT,
			ref({ videoUrls: ['http://alt.test/v.mp4'] }),
			'INVALID_URL',
			'inputs.videoUrls[0]',
		],
		[
			'https everywhere',
			ALT,
			ref({ urls: links(1), videoUrls: links(1, 'mp4'), audioUrls: links(1, 'mp3') }),
			null,
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('extend takes at most 3 clips (error table: TOO_MANY_REFERENCES "extend at most 3 videos")', () => {
	test.each<Row>([
		['extend with 3 clips', ALT, edit('extend', { videoUrls: links(3, 'mp4') }), null],
		[
			'TOO_MANY_REFERENCES: extend with 4 clips',
			PRIME,
			edit('extend', { videoUrls: links(4, 'mp4') }),
			'TOO_MANY_REFERENCES',
			'inputs.videoUrls',
		],
		['reference mode still takes 5 videos', ALT, ref({ videoUrls: links(5, 'mp4') }), null],
		[
			'edit still takes 5 videos (the reference limit)',
			ALT,
			edit('edit', { videoUrls: links(5, 'mp4') }),
			null,
		],
		[
			'PROMPT_REQUIRED: extend without a prompt (spec: "required for text-to-video, edit and extend")',
			ALT,
			{ mode: 'extend', videoInputMode: 'reference', videoUrls: links(1, 'mp4') },
			'PROMPT_REQUIRED',
			'inputs.prompt',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('fields: refused where the spec says so, others pass', () => {
	test.each<Row>([
		[
			'sd-only bitrateMode passes (our reading: the spec does not forbid it)',
			ALT,
			{ prompt: PROMPT, bitrateMode: 'high' },
			null,
		],
		[
			'sd-only resolution preset passes (our reading: the spec does not forbid it)',
			ALT,
			{ prompt: PROMPT, resolution: '1280x720' },
			null,
		],
		['an input no model has passes', PRIME, { prompt: PROMPT, motionStrength: 3 }, null],
		[
			'UNSUPPORTED_RESOLUTION: upscaleResolution (spec: rejected on alt)',
			PRIME,
			{ prompt: PROMPT, upscaleResolution: '720p', foo: 1 },
			'UNSUPPORTED_RESOLUTION',
			'inputs.upscaleResolution',
		],
		[
			'INVALID_PARAMETER: source_frame_timestamps_ms (spec: "sd2.5 edit only")',
			ALT,
			edit('edit', { videoUrls: links(1, 'mp4'), urls: links(1), source_frame_timestamps_ms: [0] }),
			'INVALID_PARAMETER',
			'inputs.source_frame_timestamps_ms',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});
